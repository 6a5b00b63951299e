package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LinkVersionTest {

    @Test
    void shouldReadAFileThatNamesNoVersionAsUnversioned() {
        assertEquals(LinkVersion.UNVERSIONED, LinkVersion.of(0));
        assertEquals(LinkVersion.UNVERSIONED, LinkVersion.parse(null));
        assertEquals(LinkVersion.UNVERSIONED, LinkVersion.parse("two"));
        assertEquals(3, LinkVersion.parse(" 3\n"));
    }

    @Test
    void shouldRefuseOnlyWhatANewerBuildWrote() {
        assertEquals(Optional.empty(), LinkVersion.refusal("its spec", 0));
        assertEquals(Optional.empty(), LinkVersion.refusal("its spec", LinkVersion.CURRENT));

        String line =
                LinkVersion.refusal("the forks' build", LinkVersion.CURRENT + 1).orElseThrow();

        assertTrue(
                line.startsWith("the forks' build speaks link version " + (LinkVersion.CURRENT + 1)
                        + ", newer than this build's " + LinkVersion.CURRENT + ": "),
                line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void shouldTellAnotherBuildsLauncherTheSameVersionThroughItsResource() throws IOException {
        try (InputStream in = LinkVersion.class.getClassLoader().getResourceAsStream(LinkVersion.RESOURCE)) {
            assertTrue(in != null, LinkVersion.RESOURCE + " is not on the class path");
            assertEquals(LinkVersion.CURRENT, LinkVersion.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }
}
