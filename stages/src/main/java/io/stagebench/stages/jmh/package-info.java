/**
 * The reference stages as JMH benchmarks, for cross-checking stagebench against the tool everyone trusts: the same
 * workload ({@link io.stagebench.stages.bench.ReferenceWorkload}), the same cursor walk and the same per-call work as
 * the stagebench benchmarks in {@code io.stagebench.stages.bench}, in JMH's AverageTime and SampleTime modes.
 *
 * <p>Where stagebench leaves per-call preparation out of its timing ({@code book} and {@code decide} time only their
 * stage after {@code Stamps.restart()}), JMH measures the preparation alone and preparation plus stage, and the
 * cross-check compares the difference; for {@code decide}, too short for that, JMH times each call after an untimed
 * invocation-level setup, less the same call with nothing to time, and the difference is kept for stagebench's batched
 * decide:
 *
 * <pre>
 *   stagebench   JMH (AverageTime)
 *   parse        ParseJmh.parse
 *   book         BookJmh.parseAndApply - BookJmh.parse
 *   decide       DecideCallJmh.decide - DecideCallJmh.timer
 *                (batched: DecideJmh.prepareAndDecide - DecideJmh.prepare)
 *   encode       EncodeJmh.encode
 *   pipeline     PipelineJmh.pipeline      (against stagebench's total)
 * </pre>
 *
 * Built into {@code stages/target/benchmarks.jar}: {@code java -jar stages/target/benchmarks.jar} or {@code stagebench
 * jmh [JMH options]}; {@code stagebench crosscheck} runs both harnesses.
 */
package io.stagebench.stages.jmh;
