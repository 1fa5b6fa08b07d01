package org.rpcbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.AbVerdict;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.Stopped;

/** benchmark.sh record: files the contract's writers wrote, read back as path and value lines. */
class RecordCommandTest {

    @TempDir
    Path directory;

    private record Result(int status, String out, String err) {
    }

    private Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 1];
        all[0] = "record";
        System.arraycopy(args, 0, all, 1, args.length);
        int status = BenchmarkSh.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private AbRecord.Trial trial(int number, Integer candidateExit) {
        return new AbRecord.Trial(number, List.of("candidate", "baseline"), "trial-" + number + "-baseline", 0,
                "trial-" + number + "-candidate", candidateExit, "2026-11-30T02:00:00Z", null);
    }

    @Test
    void everyFieldOfAnAbRecordInItsOrderNestedAndIndexed() {
        new AbRecord(new AbRecord.Side("HEAD~1", "abc", null, "/b"), new AbRecord.Side("HEAD", "def", false, "/c"),
                List.of("dubbo-kryo"), null, List.of(), List.of(), List.of(), 7, List.of("ab"), "s", null,
                List.of(trial(1, 0), trial(2, null)), null, 0, null, null, null, null).write(directory);
        Result read = run(directory.resolve(AbRecord.FILE_NAME).toString());
        assertEquals(ExitCode.OK, read.status(), read.err());
        List<String> lines = read.out().lines().toList();
        assertEquals(List.of("baseline.given\tHEAD~1", "baseline.commit\tabc", "baseline.dirty\t",
                "baseline.directory\t/b", "candidate.given\tHEAD", "candidate.commit\tdef", "candidate.dirty\tfalse",
                "candidate.directory\t/c", "pairs.0\tdubbo-kryo", "scenario\t", "clientArgs\t[]"),
                lines.subList(0, 11));
        assertTrue(lines.contains("trials.0.order.0\tcandidate"), read.out());
        assertTrue(lines.contains("trials.1.baselineExit\t0"), read.out());
        assertTrue(lines.contains("trials.1.candidateExit\t"), read.out());
        assertTrue(lines.contains("seed\t7"), read.out());
    }

    @Test
    void fieldsPrintTheirValuesOrTheLinesBelowThem() {
        new AbVerdict("b", "c", 3, new AbVerdict.Thresholds(5, 5, 10, 10, 2, 80), "bootstrap",
                List.of(new AbVerdict.Line("dubbo-kryo", "getUser", "thrpt", 32, new TreeMap<>(Map.of("rate", "50")),
                        "cost.server.cpu", "µs", 3, 10.0, 12.0, 1.2, 1.1, 1.3, 4.0, "regression", "a\tb\nc")),
                false, null).write(directory);
        String file = directory.resolve(AbVerdict.FILE_NAME).toString();
        Result values = run(file, "--field", "passed", "--field", "lines.0.metric", "--field", "lines.0.note",
                "--field", "confirmationFrom");
        assertEquals(ExitCode.OK, values.status(), values.err());
        assertEquals("false\ncost.server.cpu\na\\tb\\nc\n\n", values.out());
        Result below = run(file, "--field", "thresholds");
        assertEquals("time\t5.0\nmedian\t5.0\nserverCpu\t10.0\nclientCpu\t10.0\nallocation\t2.0\n"
                + "confirmationConfidence\t80.0\n", below.out());
        Result absent = run(file, "--field", "lines.1.metric");
        assertEquals(ExitCode.FAILED, absent.status());
        assertEquals("error: " + file + " has no field lines.1.metric", absent.err().strip());
        assertEquals("", absent.out());
    }

    @Test
    void aMapKeyWithADotIsEscapedAndAnotherKindIsNamedWithAs() {
        Path stop = directory.resolve("server.stop");
        RecordFiles.write(stop, new Stopped(0, null, Map.of("x.y", 3L), "r.json"));
        Result read = run("--as", "stopped", stop.toString());
        assertEquals(ExitCode.OK, read.status(), read.err());
        assertEquals("exitCode\t0\nmessage\t\ncallsByWireFormat.x\\.y\t3\nresult\tr.json\n", read.out());
    }

    @Test
    void jsonLinesAreAListAndAHalfWrittenLastLineIsLeftOut() throws Exception {
        Path file = directory.resolve("client.jvm.jsonl");
        try (JvmSeries series = JvmSeries.create(file)) {
            series.append(new JvmSample(1, 2, 3, 4, 5, 6, Map.of(), 0, 9, 10, 11, 12, 13,
                    new JvmSample.Load(1.0, 100, 0, 0.5, 0.9, 1.5)));
        }
        Files.writeString(file, "{\"epochMillis\": 2, \"heap", StandardOpenOption.APPEND);
        Result read = run("--as", "jvm-samples", file.toString(), "--field", "0.load.calls", "--field", "1");
        assertEquals(ExitCode.FAILED, read.status());
        Result calls = run("--as", "jvm-samples", file.toString(), "--field", "0.load.calls", "--field",
                "0.collectors");
        assertEquals("100\n{}\n", calls.out());
    }

    @Test
    void aFileOfNoKnownKindOrThatDoesNotBindIsOneLineAndExit2() throws Exception {
        Path unknown = Files.writeString(directory.resolve("something.json"), "{}");
        Result noKind = run(unknown.toString());
        assertEquals(ExitCode.USAGE, noKind.status());
        assertEquals("error: " + unknown + ": the kind of record is not known from its name; give --as (run, ab,"
                + " verdict, machine-speed, soak, open-loop, availability, jvm-samples, history, server-ready,"
                + " client-ready, stopped, zookeeper-ready)", noKind.err().strip());
        Result badKind = run("--as", "nope", unknown.toString());
        assertEquals(ExitCode.USAGE, badKind.status());
        assertTrue(badKind.err().startsWith("error: unknown kind 'nope'; kinds: run, ab,"), badKind.err());
        Path jmh = Files.writeString(Files.createDirectories(directory.resolve("run")).resolve("run.json"),
                "[{\"benchmark\": \"x\"}]");
        Result notBound = run(jmh.toString());
        assertEquals(ExitCode.USAGE, notBound.status());
        assertEquals(1, notBound.err().lines().count(), notBound.err());
        assertTrue(notBound.err().startsWith("error: " + jmh + " is not a run record: "), notBound.err());
        Path wrongType = Files.writeString(directory.resolve("verdict.json"), "{\"trials\": \"three\"}");
        Result wrong = run(wrongType.toString());
        assertEquals(ExitCode.USAGE, wrong.status());
        assertTrue(wrong.err().startsWith("error: " + wrongType + " is not a verdict record: "), wrong.err());
        Result missing = run(directory.resolve("ab.json").toString());
        assertEquals(ExitCode.USAGE, missing.status());
        assertEquals("error: " + directory.resolve("ab.json") + ": no such file", missing.err().strip());
    }

    @Test
    void theHelpSaysHowPathsAndValuesArePrinted() {
        Result help = run("--help");
        assertEquals(ExitCode.OK, help.status());
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("A null prints as an empty value"), help.out());
        assertTrue(text.contains("--field=PATH print only this field's value"), help.out());
    }
}
