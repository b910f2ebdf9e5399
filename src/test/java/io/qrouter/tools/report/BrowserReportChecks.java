package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;

/** What a user must see when a report.html opens in a real browser. */
public final class BrowserReportChecks {
    private BrowserReportChecks() {}

    /**
     * Opens {@code html}: no console errors; every chart laid out at a readable size with something
     * drawn in it; every number tagged with a report.json path shows {@code json}'s value; then a
     * full-page screenshot.
     *
     * @return how many numbers were compared
     */
    public static int assertReadsAsReported(
            HeadlessChromium browser, Path html, JsonNode json, Path screenshot) {
        browser.open(html);
        assertThat(browser.consoleErrors()).as("console errors of " + html).isEmpty();
        List<WebElement> figures = browser.find("figure.chart");
        assertThat(figures).as("charts on " + html).isNotEmpty();
        for (WebElement figure : figures) {
            WebElement drawing = figure.findElement(By.cssSelector("svg, img"));
            Rectangle box = drawing.getRect();
            assertThat(box.getWidth()).as(figure.getAttribute("id") + " width").isGreaterThan(300);
            assertThat(box.getHeight())
                    .as(figure.getAttribute("id") + " height")
                    .isGreaterThan(150);
            double[] drawn = browser.drawnSize(drawing);
            assertThat(drawn[0] * drawn[1])
                    .as(figure.getAttribute("id") + " drawn area")
                    .isGreaterThan(10_000);
        }
        List<WebElement> numbers = browser.find("[data-key]");
        for (WebElement cell : numbers) {
            String key = cell.getAttribute("data-key");
            ReportPageChecks.assertNumberShown(
                    key, cell.getText().trim(), ReportPageChecks.valueAt(json, key));
        }
        browser.screenshot(screenshot);
        return numbers.size();
    }

    /**
     * Opens a demo's {@code html}: its first section is the answer, whose two tables (measured
     * against the twin, the audit) fit on the first screen with their numbers filled in, above the
     * settings.
     */
    public static void assertOpensWithTheAnswer(HeadlessChromium browser, Path html) {
        browser.open(html);
        assertThat(browser.find("h2").get(0).getText()).as(html.toString()).isEqualTo("The answer");
        List<WebElement> answer = browser.find("table.answer");
        assertThat(answer).as("the answer's tables").hasSize(2);
        long firstScreen = browser.viewportHeight();
        int answerBottom = 0;
        for (WebElement table : answer) {
            Rectangle box = table.getRect();
            answerBottom = Math.max(answerBottom, box.getY() + box.getHeight());
            assertThat(box.getY() + box.getHeight())
                    .as("bottom of an answer table within the first %d px", firstScreen)
                    .isLessThanOrEqualTo((int) firstScreen);
            assertThat(table.findElements(By.cssSelector("td")))
                    .allSatisfy(cell -> assertThat(cell.getText()).isNotBlank());
        }
        assertThat(answer.get(0).getText()).contains("measured", "twin", "wait, p99 (s)");
        assertThat(answer.get(1).getText()).contains("verdict");
        assertThat(browser.find("table.settings").get(0).getRect().getY())
                .as("the settings follow the answer")
                .isGreaterThan(answerBottom);
    }
}
