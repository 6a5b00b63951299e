package io.stagebench.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.system.CpuList;
import io.stagebench.testing.MeasuresInProcess;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

@MeasuresInProcess
class AffinityTest {

    @Test
    void shouldDecodeACpuSetMaskAcrossWords() {
        long[] mask = new long[16];
        mask[0] = 0b1011L;
        mask[1] = 1L << 3;

        assertEquals(CpuList.of(0, 1, 3, 67), Affinity.fromMask(mask));
    }

    @Test
    void shouldPinAThreadAndReadTheAffinityBack() throws Exception {
        Optional<CpuList> before = Affinity.currentThreadAffinity();
        assertTrue(before.isPresent(), "sched_getaffinity unavailable");
        int cpu = before.get().toArray()[0];
        Optional<String>[] refused = new Optional[1];
        int[] ranOn = new int[1];
        CpuList[] readBack = new CpuList[1];

        Thread thread = new Thread(() -> {
            refused[0] = Affinity.pinCurrentThread(cpu);
            readBack[0] = Affinity.currentThreadAffinity().orElse(null);
            ranOn[0] = Affinity.currentCpu();
        });
        thread.start();
        thread.join();

        assertEquals(Optional.empty(), refused[0]);
        assertEquals(CpuList.of(cpu), readBack[0]);
        assertEquals(cpu, ranOn[0]);
    }

    @Test
    void shouldRestrictEveryThreadOfTheProcessIncludingOnesAlreadyRunning() throws Exception {
        CpuList before = Affinity.currentThreadAffinity().orElseThrow();
        CpuList first = CpuList.of(before.toArray()[0]);
        CountDownLatch restricted = new CountDownLatch(1);
        CpuList[] readBack = new CpuList[1];
        Thread running = new Thread(() -> {
            try {
                restricted.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            readBack[0] = Affinity.currentThreadAffinity().orElse(null);
        });
        running.start();
        try {
            assertEquals(Optional.empty(), Affinity.restrictProcess(first));
            restricted.countDown();
            running.join();

            assertEquals(first, readBack[0]);
            assertEquals(first, Affinity.currentThreadAffinity().orElseThrow());
        } finally {
            restricted.countDown();
            Affinity.restrictProcess(before);
        }
        assertEquals(before, Affinity.currentThreadAffinity().orElseThrow());
    }

    @Test
    void shouldNameAnotherThreadAllowedOnACpuAndNotOnceItIsMovedOff() throws Exception {
        CpuList all = Affinity.currentThreadAffinity().orElseThrow();
        int[] cpus = all.toArray();
        CountDownLatch pinned = new CountDownLatch(1);
        CountDownLatch moved = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread other = new Thread(
                () -> {
                    Affinity.pinCurrentThread(cpus[0]);
                    pinned.countDown();
                    try {
                        moved.await();
                        if (cpus.length > 1) {
                            Affinity.pinCurrentThread(cpus[1]);
                        }
                        done.countDown();
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "sb-affinity-probe");
        other.setDaemon(true);
        other.start();
        try {
            pinned.await();
            assertTrue(
                    Affinity.otherThreadsAllowedOn(cpus[0]).stream().anyMatch(t -> t.startsWith("'sb-affinity-pro")),
                    Affinity.otherThreadsAllowedOn(cpus[0]).toString());
            moved.countDown();
            done.await();
            if (cpus.length > 1) {
                assertTrue(Affinity.otherThreadsAllowedOn(cpus[0]).stream()
                        .noneMatch(t -> t.startsWith("'sb-affinity-pro")));
                assertTrue(Affinity.otherThreadsAllowedOn(cpus[1]).stream()
                        .anyMatch(t -> t.startsWith("'sb-affinity-pro")));
            }
            String self = "(thread " + Path.of("/proc/thread-self").toRealPath().getFileName() + ")";
            assertTrue(
                    Affinity.otherThreadsAllowedOn(cpus[0]).stream().noneMatch(t -> t.endsWith(self)),
                    "the calling thread is not named");
        } finally {
            moved.countDown();
            other.interrupt();
        }
    }

    @Test
    void shouldReportARefusalForACpuOutsideTheSet() {
        Optional<String> refused = Affinity.pinCurrentThread(100_000);

        assertTrue(refused.isPresent());
        assertTrue(refused.get().contains("100000"), refused.get());
    }
}
