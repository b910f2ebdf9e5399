package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.tools.sim.SimResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdmissionExperimentTest {
    @Test
    void admissionRejectsUnderOverloadAndAdmittedTasksWaitLessAndAreLostLess(@TempDir Path out) {
        List<AdmissionExperiment.Point> points =
                new AdmissionExperiment(
                                new AdmissionExperiment.Options(
                                        10,
                                        20_000,
                                        0.5,
                                        List.of(1.3),
                                        List.of(1.0, 0.2),
                                        3,
                                        1,
                                        false))
                        .run(out);
        SimResult off = points.get(0).result();
        SimResult on = points.get(1).result();
        assertThat(off.rejected()).isZero();
        assertThat(on.rejected()).isPositive();
        assertThat(on.admittedAbandonRate()).isLessThan(0.2).isLessThan(off.admittedAbandonRate());
        assertThat(on.meanWait().getAsDouble()).isLessThan(off.meanWait().getAsDouble());
        for (String file :
                List.of(
                        "admission.csv",
                        "summary.md",
                        "admission_abandonment.png",
                        "admission_wait.png",
                        "admission_goodput.png")) {
            assertThat(Files.exists(out.resolve(file))).as(file).isTrue();
        }
    }
}
