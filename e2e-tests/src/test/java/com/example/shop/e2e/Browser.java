package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's Chromium driven through Debian's chromedriver, both named by path so that Selenium
 * Manager never runs and nothing is downloaded. Headless, with a fresh profile per browser, no
 * background networking. Finds controls the way a person does: by their label, by a button's text.
 */
final class Browser implements AutoCloseable {

    /** Overridable for machines that keep them elsewhere; the defaults are where Debian's packages put them. */
    static final Path CHROMIUM = Path.of(System.getProperty("admin-console.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("admin-console.chromedriver", "/usr/bin/chromedriver"));

    /**
     * The stories use WebDriver only, never the DevTools protocol, so Selenium's warning that it has
     * no CDP binding for this Chromium version is noise. Held in fields: JUL keeps loggers weakly.
     */
    private static final List<java.util.logging.Logger> QUIET = List.of(
            java.util.logging.Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder"),
            java.util.logging.Logger.getLogger("org.openqa.selenium.chromium.ChromiumDriver"));

    static {
        QUIET.forEach(logger -> logger.setLevel(Level.SEVERE));
    }

    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    final ChromeDriver driver;
    private final Path profile;
    private final Path screenshots;
    private final WebDriverWait wait;

    /**
     * Null when Chromium and its driver are there. Otherwise: with CI set, fails (CI must run the
     * browser stories); elsewhere prints a loud banner saying how to install them and returns the
     * reason, which the caller uses to skip each story.
     */
    static String missingChromium() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return null;
        }
        String message = "The admin console's browser stories need Chromium and chromedriver at " + CHROMIUM
                + " and " + CHROMEDRIVER + " (Debian: apt-get install -y chromium chromium-driver).";
        String ci = System.getenv("CI");
        if (ci != null && !ci.isBlank() && !ci.equals("false")) {
            fail(message + " CI is set, so their absence is a failure, not a skip.");
        }
        String banner = "!".repeat(100);
        System.err.println(banner + "\n!! SKIPPED: " + message + "\n!! Outside CI they are skipped; CI fails without them.\n" + banner);
        return "SKIPPED: " + message;
    }

    Browser(Path screenshots) throws IOException {
        this.screenshots = Files.createDirectories(screenshots);
        this.profile = Files.createTempDirectory("admin-console-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--lang=en-US", "--user-data-dir=" + profile,
                "--window-size=" + DESKTOP.width + "," + DESKTOP.height);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        this.driver = new ChromeDriver(service, options);
        this.driver.manage().window().setSize(DESKTOP);
        this.wait = new WebDriverWait(driver, Duration.ofSeconds(20));
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement waitFor(By by) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    void waitUntil(java.util.function.Function<WebDriver, Boolean> condition) {
        wait.until(condition::apply);
    }

    void waitForText(By by, String text) {
        wait.until(ExpectedConditions.textToBePresentInElementLocated(by, text));
    }

    /**
     * Waits until the element's whole text is this, read in one script each time: a page that redraws the element (the
     * stock page does with every chart sample) cannot leave a stale reference between finding it and reading it.
     */
    void waitForExactText(String css, String text) {
        try {
            wait.until(d -> text.equals(script("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;", css)));
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError(css + ": expected \"" + text + "\", was \""
                    + script("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;", css) + "\"", e);
        }
    }

    /** The control whose label starts with this text (the text before any required mark). */
    WebElement byLabel(String label) {
        return byLabel(driver.findElement(By.tagName("main")), label);
    }

    WebElement byLabel(WebElement within, String label) {
        WebElement labelElement = within.findElement(By.xpath(
                ".//label[normalize-space(span[1])=" + xpathLiteral(label) + " or normalize-space(.)=" + xpathLiteral(label) + "]"));
        return driver.findElement(By.id(labelElement.getAttribute("for")));
    }

    /** The n-th control (from 0) in the page whose label is this text, for labels used more than once. */
    WebElement byLabel(String label, int index) {
        List<WebElement> labels = driver.findElement(By.tagName("main")).findElements(By.xpath(
                ".//label[normalize-space(span[1])=" + xpathLiteral(label) + " or normalize-space(.)=" + xpathLiteral(label) + "]"));
        return driver.findElement(By.id(labels.get(index).getAttribute("for")));
    }

    void type(String label, String text) {
        WebElement field = byLabel(label);
        field.clear();
        field.sendKeys(text);
    }

    /** Picks an option of the labelled select by its text, once the option is there (some lists load from the API). */
    void choose(String label, String optionText) {
        WebElement select = byLabel(label);
        wait.until(d -> !select.findElements(By.xpath("./option[normalize-space()=" + xpathLiteral(optionText) + "]")).isEmpty());
        new Select(select).selectByVisibleText(optionText);
    }

    WebElement button(String text) {
        return waitFor(By.xpath("//*[self::button or self::a][normalize-space()=" + xpathLiteral(text) + "]"));
    }

    void click(String buttonText) {
        WebElement button = button(buttonText);
        wait.until(ExpectedConditions.elementToBeClickable(button));
        button.click();
    }

    String heading() {
        return waitFor(By.cssSelector("main h1")).getText();
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Whether the page is wider than the window (a horizontal scroll bar on a phone). */
    boolean overflowsHorizontally() {
        return (Boolean) script("return document.documentElement.scrollWidth > window.innerWidth + 1;");
    }

    void resize(Dimension size) {
        driver.manage().window().setSize(size);
    }

    Path screenshot(String name) throws IOException {
        Path file = screenshots.resolve(name + ".png");
        Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        return file;
    }

    /**
     * Console messages that mean the page broke: uncaught script errors and Content-Security-Policy or
     * Trusted Types violations (the 4xx answers the stories provoke on purpose are logged too, and
     * are not counted). Reading clears the log.
     */
    List<String> scriptAndPolicyErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue())
                .map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy") || message.contains("Trusted Type")
                        || message.contains("Uncaught") || message.contains("SyntaxError"))
                .toList();
    }

    Map<String, Object> sessionStorage() {
        @SuppressWarnings("unchecked")
        Map<String, Object> storage = (Map<String, Object>) script(
                "const o = {}; for (let i = 0; i < sessionStorage.length; i++) { const k = sessionStorage.key(i); o[k] = sessionStorage.getItem(k); } return o;");
        return storage;
    }

    static String xpathLiteral(String text) {
        if (!text.contains("'")) {
            return "'" + text + "'";
        }
        return "concat('" + text.replace("'", "', \"'\", '") + "')";
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            deleteRecursively(profile.toFile());
        }
    }

    private static void deleteRecursively(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteRecursively(child);
            }
        }
        file.delete();
    }
}
