package io.stagebench.runner;

import io.stagebench.fork.JvmFork;
import io.stagebench.system.CpuList;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Starts one measuring fork; replaced in tests to script failures. */
@FunctionalInterface
public interface ForkLauncher {

    /**
     * @param specFile the fork's spec, already written
     * @return how the fork ended
     */
    JvmFork.Outcome launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout);

    /** The real launcher: a fresh JVM running {@link ForkMain}. */
    static ForkLauncher jvm() {
        return (specFile, jvmFlags, serviceCpus, timeout) -> JvmFork.run(new JvmFork.Spec(ForkMain.class.getName(),
                List.of(specFile.toString()), jvmFlags, serviceCpus, timeout));
    }

    /**
     * A fresh JVM running {@link ForkMain} from another build of the project.
     *
     * @param classPath that build's class path, e.g. {@code stages/target/stagebench-stages.jar:stages/target/lib/*}
     */
    static ForkLauncher jvm(String classPath) {
        return (specFile, jvmFlags, serviceCpus, timeout) -> JvmFork.run(new JvmFork.Spec(ForkMain.class.getName(),
                List.of(specFile.toString()), jvmFlags, serviceCpus, timeout, classPath));
    }
}
