package org.rpcbench.report;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The crafted run directories and JMH files under src/test/resources, and a way to run the command line. */
final class Fixtures {

    private Fixtures() {
    }

    static Path path(String name) {
        URL url = Fixtures.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("no test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String arg(String name) {
        return path(name).toString();
    }

    /** What one run of the command line printed and returned. */
    record Result(int exitCode, String out, String err) {
    }

    static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode = ReportCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
