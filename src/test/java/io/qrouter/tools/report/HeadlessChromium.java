package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium driven headless by Selenium, to look at a report as a user's browser does.
 * Without Chromium the calling test is skipped, saying how to install it; with {@code
 * -Dqrouter.browser.required=true} (CI) it fails.
 */
public final class HeadlessChromium implements AutoCloseable {
    public static final String INSTALL = "apt-get install -y chromium chromium-driver";
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final int WIDTH = 1280;
    private static final int MAX_HEIGHT = 20_000;

    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /**
     * Starts the browser, or skips the test (fails it where the browser is required) when it
     * cannot.
     */
    public static HeadlessChromium startOrSkip() {
        boolean required = Boolean.getBoolean("qrouter.browser.required");
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            String why =
                    "no headless Chromium here ("
                            + CHROMIUM
                            + ", "
                            + DRIVER
                            + "); install it with: "
                            + INSTALL;
            if (required) {
                fail(why + " (qrouter.browser.required is set)");
            }
            Assumptions.abort(why);
        }
        Path profile;
        try {
            profile = Files.createTempDirectory("qrouter-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // as root without network: no sandbox, and nothing that phones home (it would hang on
        // refused connections)
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + ",900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(DRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        try {
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
            return new HeadlessChromium(driver, profile);
        } catch (WebDriverException e) {
            deleteQuietly(profile);
            String why =
                    "headless Chromium did not start: "
                            + e.getMessage().lines().findFirst().orElse("");
            if (required) {
                fail(why);
            }
            Assumptions.abort(why + "; install it with: " + INSTALL);
            throw e;
        }
    }

    /** Opens a file and waits until the page has loaded. */
    public HeadlessChromium open(Path file) {
        driver.get(file.toUri().toString());
        // get() can return while a big page still parses on a loaded machine: wait for the load.
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!"complete".equals(script("return document.readyState"))
                && System.nanoTime() < deadline) {
            sleepQuietly(50);
        }
        assertThat(script("return document.readyState")).as(file.toString()).isEqualTo("complete");
        return this;
    }

    /**
     * Messages the page logged at level SEVERE (errors: failed loads, script errors, bad markup in
     * SVG).
     */
    public List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    public List<WebElement> find(String cssSelector) {
        return driver.findElements(org.openqa.selenium.By.cssSelector(cssSelector));
    }

    /**
     * The drawing of a chart as laid out: for an inline SVG the bounding box of what it drew, for
     * an image its decoded size; {@code {width, height}} in CSS pixels, 0 when nothing was drawn or
     * decoded.
     */
    public double[] drawnSize(WebElement chart) {
        @SuppressWarnings("unchecked")
        Map<String, Number> size =
                (Map<String, Number>)
                        script(
                                "const e = arguments[0];"
                                        + "if (e.tagName.toLowerCase() === 'img') return {w: e.naturalWidth, h: e.naturalHeight};"
                                        + "const b = e.getBBox(); return {w: b.width, h: b.height};",
                                chart);
        return new double[] {size.get("w").doubleValue(), size.get("h").doubleValue()};
    }

    /** The height of the window's first screen, in CSS pixels. */
    public long viewportHeight() {
        return ((Number) script("return window.innerHeight")).longValue();
    }

    /** A screenshot of the whole page (up to 20,000 px high) written as PNG to {@code file}. */
    public Path screenshot(Path file) {
        long height = ((Number) script("return document.documentElement.scrollHeight")).longValue();
        driver.manage()
                .window()
                .setSize(new Dimension(WIDTH, (int) Math.min(MAX_HEIGHT, Math.max(600, height))));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        driver.manage().window().setSize(new Dimension(WIDTH, 900));
        return file;
    }

    private Object script(String code, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(code, args);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            deleteQuietly(profile);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a page loaded", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover profile in the temp directory is harmless
        }
    }
}
