package org.rpcbench.results;

import java.util.List;

/** Markdown's escaping and tables, for every page and table the suite writes. */
public final class Markdown {

    private Markdown() {
    }

    /** A Markdown table; columns with a unit in their header hold numbers: right-aligned. */
    public static String table(List<String> header, List<List<String>> rows) {
        StringBuilder md = new StringBuilder();
        table(md, header, rows);
        return md.toString();
    }

    private static void table(StringBuilder md, List<String> header, List<List<String>> rows) {
        md.append("| ").append(String.join(" | ", header.stream().map(Markdown::escape).toList()))
                .append(" |\n|");
        for (int column = 0; column < header.size(); column++) {
            md.append(header.get(column).endsWith(")") ? " ---: |" : " --- |");
        }
        md.append('\n');
        for (List<String> row : rows) {
            md.append("| ").append(String.join(" | ", row.stream().map(Markdown::escape).toList()))
                    .append(" |\n");
        }
    }

    /** Keeps a message's pipes and line breaks from breaking the table, and its markup from rendering. */
    public static String escape(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
                .replace("<", "&lt;").replace("\r", "").replace("\n", " ");
    }
}
