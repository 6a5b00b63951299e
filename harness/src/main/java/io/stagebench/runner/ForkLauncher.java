package io.stagebench.runner;

import io.stagebench.fork.JvmFork;
import io.stagebench.system.CpuList;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** Starts one measuring fork; replaced in tests to script failures. */
@FunctionalInterface
public interface ForkLauncher {

    /**
     * @param specFile the fork's spec, already written
     * @return how the fork ended
     */
    JvmFork.Outcome launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout);

    /**
     * Launches the fork with its progress lines (its stdout) passed to {@code progressLines} as
     * they come (the real launchers; a scripted one ignores it).
     */
    default JvmFork.Outcome launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout,
                                   Consumer<String> progressLines) {
        return launch(specFile, jvmFlags, serviceCpus, timeout);
    }

    /** The real launcher: a fresh JVM running {@link ForkMain}. */
    static ForkLauncher jvm() {
        return jvm(null);
    }

    /**
     * A fresh JVM running {@link ForkMain} from another build of the project.
     *
     * @param classPath that build's class path (null: this JVM's), e.g. {@code stages/target/stagebench-stages.jar:stages/target/lib/*}
     */
    static ForkLauncher jvm(String classPath) {
        return new ForkLauncher() {
            @Override
            public JvmFork.Outcome launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout) {
                return launch(specFile, jvmFlags, serviceCpus, timeout, null);
            }

            @Override
            public JvmFork.Outcome launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout,
                                          Consumer<String> progressLines) {
                return JvmFork.run(new JvmFork.Spec(ForkMain.class.getName(), List.of(specFile.toString()), jvmFlags,
                        serviceCpus, timeout, classPath, progressLines));
            }
        };
    }
}
