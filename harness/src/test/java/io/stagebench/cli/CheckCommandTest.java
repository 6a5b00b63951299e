package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    @TempDir
    Path root;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int check(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "check";
        all[1] = "--root";
        all[2] = root.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void machine(boolean tuned) throws IOException {
        write("proc/cpuinfo", "flags : constant_tsc nonstop_tsc\n");
        write("proc/cmdline", tuned ? "isolcpus=1 nohz_full=1 rcu_nocbs=1" : "quiet");
        write("sys/devices/system/cpu/online", "0-1\n");
        write("sys/devices/system/cpu/isolated", tuned ? "1\n" : "\n");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
        write("proc/loadavg", "0.01 0.01 0.01 1/50 7\n");
    }

    private void write(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    @Test
    void shouldExit0WhenReadyEvenWithStrict() throws Exception {
        machine(true);

        assertEquals(0, check("--strict"), out + err.toString());
        assertTrue(out.toString().contains("ready: every check OK"), out.toString());
        assertTrue(out.toString().startsWith("measuring CPU 1"), out.toString());
    }

    @Test
    void shouldExit1WithStrictOnlyWhenSomethingWarns() throws Exception {
        machine(false);

        assertEquals(0, check(), err.toString());
        assertEquals(1, check("--strict"), err.toString());
        assertTrue(out.toString().contains("WARN  isolcpus     CPU 1 is not isolated"), out.toString());
    }

    @Test
    void shouldPrintJsonItems() throws Exception {
        machine(false);

        assertEquals(0, check("--json", "--cpu", "0"));

        JsonNode json = Json.mapper().readTree(out.toString());
        assertEquals("stagebench.check/1", json.get("schema").asText());
        assertEquals(0, json.get("cpu").asInt());
        assertEquals("WARN", json.at("/items/3/status").asText());
        assertEquals("isolcpus", json.at("/items/3/name").asText());
        assertEquals(3, json.get("warnings").asInt());
    }

    @Test
    void shouldExit2ForACpuThatDoesNotExist() throws Exception {
        machine(true);

        assertEquals(2, check("--cpu", "9"));
        assertTrue(err.toString().contains("CPU 9 does not exist (available: 0-1)"), err.toString());
    }

    @Test
    void shouldExit2InsteadOfPassingWhenNothingAboutTheMachineCanBeRead() throws Exception {
        write("sys/devices/system/cpu/online", "0-1\n");

        assertEquals(2, check("--strict"), err.toString());
        assertEquals(
                "stagebench check: cannot check the machine under " + root + ": /proc/cpuinfo cannot be read, so the"
                        + " CPU, its counter and any hypervisor are unknown",
                err.toString().strip());
        assertEquals("", out.toString());
    }
}
