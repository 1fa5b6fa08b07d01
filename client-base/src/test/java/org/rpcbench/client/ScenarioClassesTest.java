package org.rpcbench.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.rpcbench.client.options.jmh.Scenario;

/** The options name each scenario's class and methods as data; they must be the classes' own. */
class ScenarioClassesTest {

    @Test
    void eachScenarioNamesItsClassAndExactlyItsBenchmarkMethods() throws ClassNotFoundException {
        for (Scenario scenario : Scenario.values()) {
            List<String> methods = Arrays.stream(Class.forName(scenario.benchmarkClass()).getMethods())
                    .filter(method -> method.isAnnotationPresent(Benchmark.class))
                    .map(Method::getName)
                    .sorted()
                    .toList();
            assertEquals(methods, scenario.benchmarks(), scenario.key());
        }
    }
}
