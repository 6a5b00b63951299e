package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkWarning;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fork names the kind of each warning as a code; a result of an older build has them read from its wording. */
class ForkWarningCodesTest {

    @Test
    void shouldKeepTheCodesAForkWroteWhateverTheWording() throws Exception {
        ForkResult fork = RunFixture.pipeline(1, 1_000, 3).forks().get(0);
        ObjectNode json = (ObjectNode) Json.mapper().readTree(Json.write(fork));
        json.putArray("warnings").add("worded without the usual words");
        json.putArray("warningCodes").add("JIT");

        ForkResult read = Json.mapper().treeToValue(json, ForkResult.class);

        assertEquals(List.of(ForkWarning.JIT), read.checks().warningCodes());
    }

    @Test
    void shouldReadTheCodesOfAResultWrittenBeforeCodesFromTheWording() throws Exception {
        ForkResult fork = RunFixture.pipeline(1, 1_000, 3).forks().get(0);
        ObjectNode json = (ObjectNode) Json.mapper().readTree(Json.write(fork));
        json.remove("warningCodes");
        json.putArray("warnings")
                .add("the measuring thread allocated 64 bytes during measurement")
                .add("3 JIT compilation(s) during measurement")
                .add("the benchmark wrote 5 bytes to stdout");

        ForkResult read = Json.mapper().treeToValue(json, ForkResult.class);

        assertEquals(
                List.of(ForkWarning.ALLOCATION, ForkWarning.JIT, ForkWarning.OTHER),
                read.checks().warningCodes());
        assertEquals(
                "take the allocation out of the measured code",
                read.checks().warningCodes().get(0).fix());
    }

    @Test
    void shouldReadACodeOfANewerBuildAsOneWithoutAFix() throws Exception {
        ForkResult fork = RunFixture.pipeline(1, 1_000, 3).forks().get(0);
        ObjectNode json = (ObjectNode) Json.mapper().readTree(Json.write(fork));
        json.putArray("warnings").add("something a newer build warns of");
        json.putArray("warningCodes").add("A_CODE_FROM_THE_FUTURE");

        ForkResult read = Json.mapper().treeToValue(json, ForkResult.class);

        assertEquals(List.of(ForkWarning.OTHER), read.checks().warningCodes());
    }
}
