package org.rpcbench.contract;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/**
 * The {@code --ready-file} and {@code --stop-file} options of every program a launcher starts, and the writing of
 * both records: declared once so that servers, clients and ZooKeeper answer the runner the same way.
 */
public final class RecordFileOptions {

    @Option(names = OptionNames.READY_FILE, paramLabel = "file", description = "write the ready record here once"
            + " ready (a server or ZooKeeper: serving; a client: the wire proven and the load started)")
    Path readyFile;

    @Option(names = OptionNames.STOP_FILE, paramLabel = "file", description = "write the stop record here when ending")
    Path stopFile;

    /** Writes {@code ready} (a {@link ServerReady}, {@link ClientReady} or {@link ZooKeeperReady}) if asked to. */
    public void writeReady(Object ready) {
        if (readyFile != null) {
            RecordFiles.write(readyFile, ready);
        }
    }

    public void writeStopped(Stopped stopped) {
        if (stopFile != null) {
            RecordFiles.write(stopFile, stopped);
        }
    }
}
