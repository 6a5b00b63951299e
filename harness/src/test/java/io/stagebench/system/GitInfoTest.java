package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class GitInfoTest {

    @Test
    void shouldNameGitsRefusalOfAnotherUsersCheckoutAndItsFix() {
        SystemFiles.Output refused = new SystemFiles.Output(128, "", """
                fatal: detected dubious ownership in repository at '/srv/app'
                To add an exception for this directory, call:

                \tgit config --global --add safe.directory /srv/app
                """);

        assertEquals("git refuses to read /srv/app: detected dubious ownership in repository at '/srv/app'"
                + " (fix: git config --global --add safe.directory /srv/app)", GitInfo.problem("/srv/app", Optional.of(refused)));
    }

    @Test
    void shouldSayAFolderOutsideAnyCheckoutIsOne() {
        SystemFiles.Output none = new SystemFiles.Output(128, "",
                "fatal: not a git repository (or any of the parent directories): .git\n");

        assertEquals("/tmp/x is not in a git checkout", GitInfo.problem("/tmp/x", Optional.of(none)));
        assertEquals("git could not be run in /tmp/x (is it installed?)", GitInfo.problem("/tmp/x", Optional.empty()));
    }

    @Test
    void shouldTellAKnownCommitFromAnUnknownOne() {
        assertTrue(new GitInfo("0123456789abcdef", "0123456789ab", false, "main").known());
        GitInfo unknown = new GitInfo(GitInfo.NO_COMMIT, GitInfo.NO_COMMIT, false, "", "git refuses to read /srv/app: ...");
        assertFalse(unknown.known());
        assertEquals("nocommit", unknown.folderName());
    }
}
