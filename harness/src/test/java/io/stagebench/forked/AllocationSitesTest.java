package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AllocationSitesTest {

    @Test
    void shouldNameTheAllocatedTypesAndTheirMethodsByShareOfTheBytes() {
        List<String> collapsed = List.of(
                "ForkMain.main;OperationBody.measure;io/x/Decide.decide;long[]_[i] 970",
                "ForkMain.main;OperationBody.measure;io/x/Decide.decide;java.lang.Long_[k] 20",
                "ForkMain.main;OperationBody.measure;io/x/Encode.encode;byte[] 10");

        assertEquals(
                Optional.of("97 % long[] at io.x.Decide.decide, 2 % java.lang.Long at io.x.Decide.decide, 1 % byte[] at"
                        + " io.x.Encode.encode"),
                AllocationSites.describe(collapsed));
        assertEquals(Optional.empty(), AllocationSites.describe(List.of()), "nothing allocated: nothing to name");
    }
}
