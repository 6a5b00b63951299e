/**
 * What crosses between the launcher and a fork, and nothing else: the fork's {@link io.stagebench.link.ForkSpec}
 * (written by the launcher), its {@link io.stagebench.link.ForkResult} and {@link io.stagebench.link.RawStamps}
 * (written by the fork), the names of their files ({@link io.stagebench.link.ForkFiles}), the progress protocol and the
 * turns forks take on the measuring CPU. A build reads the files and lines an older build wrote through one adapter,
 * {@link io.stagebench.link.OlderBuilds}, which says what each older version lacks and how it reads. The spec and the
 * result are records of named parts (the result's {@link io.stagebench.link.ForkRun},
 * {@link io.stagebench.link.ForkRuler}, {@link io.stagebench.link.ForkPlacement},
 * {@link io.stagebench.link.ForkMeasurement}, {@link io.stagebench.link.ForkChecks}) written as one flat object each,
 * so their files are the same for every build.
 *
 * <p>Both sides use it. May use {@code builtin}, {@code api}, {@code clock}, {@code nativeaccess} and the layers below.
 */
package io.stagebench.link;
