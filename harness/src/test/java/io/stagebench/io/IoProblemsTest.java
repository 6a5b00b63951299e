package io.stagebench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.InvalidPathException;
import org.junit.jupiter.api.Test;

class IoProblemsTest {

    @Test
    void shouldNameTheLocaleFixWhenTheJvmNamesFilesInAsciiOnly() {
        InvalidPathException e = new InvalidPathException(
                "/tmp/r\uFFFDsults", "Malformed input or input contains unmappable characters");

        assertEquals(
                "the path '/tmp/r\uFFFDsults' cannot be a file name: Malformed input or input contains unmappable"
                        + " characters; this JVM names files in ANSI_X3.4-1968 (a C or POSIX locale): run it in a UTF-8 locale,"
                        + " e.g. LC_ALL=C.UTF-8",
                IoProblems.invalidPath(e, "ANSI_X3.4-1968"));
        assertEquals(
                "the path 'a\0b' cannot be a file name: Nul character not allowed",
                IoProblems.invalidPath(new InvalidPathException("a\0b", "Nul character not allowed"), "UTF-8"));
    }
}
