package io.stagebench.host;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Another launcher, for {@code CpuLockTest}: takes CPU {@code args[0]}'s lock as command {@code args[1]}, prints
 * {@code held}, and keeps it until its standard input ends or it is killed.
 */
public final class CpuLockHolder {

    private CpuLockHolder() {}

    public static void main(String[] args) throws Exception {
        List<String> warnings = new ArrayList<>();
        PrintWriter err = new PrintWriter(System.err, true);
        if (CpuLock.acquire(Integer.parseInt(args[0]), args[1], true, err, warnings)
                .isEmpty()) {
            System.out.println("not held: " + warnings);
            return;
        }
        System.out.println("held");
        System.out.flush();
        while (System.in.read() >= 0) {
            // held until the test closes our input
        }
    }
}
