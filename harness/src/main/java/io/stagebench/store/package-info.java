/**
 * The result store: one folder per run under {@code results/<short-commit>[-dirty]/<run-id>/}, written atomically with
 * {@code summary.json} last, and read back only after validation.
 *
 * <p>Worked example - what one run of a two-fork pipeline leaves, and how to read it:
 *
 * <pre>{@code
 * results/4992012abcde/20250304-101530/
 *   summary.json                      schema stagebench.run/1; exact percentiles merged and per fork
 *   jmh-result.json                   JMH's -rf json schema, score = median
 *   histograms/pipeline/parse.hlog    Tag=fork-1 ..., Tag=fork-2 ..., then the merged interval
 *   histograms/pipeline/parse.hgrm    merged percentile distribution, ns
 *   forks/pipeline/fork-1.json, fork-1.raw, ...
 *
 * ResultReader.LoadedRun run = ResultReader.load(runDir);      // StoreException names a bad file
 * StageSummary parse = run.run().benchmark("pipeline").orElseThrow().summary("parse").orElseThrow();
 * Histogram fork2 = run.logs().get("pipeline").get("parse").forks().get(1);
 * }</pre>
 *
 * The format is documented for users in {@code results/README.md}.
 *
 * <p>The reading side, below the launcher: may use {@code result}, {@code config} and every layer below, never
 * {@code host}.
 */
package io.stagebench.store;
