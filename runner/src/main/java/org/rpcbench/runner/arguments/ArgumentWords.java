package org.rpcbench.runner.arguments;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of an {@code -a "..."} string, split as a POSIX shell splits a command line: on blanks, with single
 * and double quotes keeping a word together and a backslash taking the next character as it is. From here on the
 * arguments travel as a list, so a word with a space in it reaches the program whole.
 */
public final class ArgumentWords {

    private ArgumentWords() {
    }

    /** Whether the words give this option, as {@code --option value} or {@code --option=value}. */
    public static boolean given(List<String> words, String option) {
        return words.stream().anyMatch(word -> word.equals(option) || word.startsWith(option + "="));
    }

    /** The value the words give this option (the last one, as picocli takes it), or null. */
    public static String valueOf(List<String> words, String option) {
        String value = null;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals(option) && i + 1 < words.size()) {
                value = words.get(i + 1);
            } else if (word.startsWith(option + "=")) {
                value = word.substring(option.length() + 1);
            }
        }
        return value;
    }

    /** The words without this option and its value, in either form. */
    public static List<String> without(List<String> words, String option) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals(option)) {
                i++;
            } else if (!words.get(i).startsWith(option + "=")) {
                kept.add(words.get(i));
            }
        }
        return kept;
    }

    /** @throws IllegalArgumentException when a quote is not closed */
    public static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("an unclosed " + quote + " in \"" + text + "\"");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
