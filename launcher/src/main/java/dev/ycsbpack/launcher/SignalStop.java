package dev.ycsbpack.launcher;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.function.Consumer;

/**
 * Ctrl-C (INT), kill (TERM) and a closed terminal (HUP) stop a run the way the coordinator's STOP does, instead of
 * ending the JVM where it stands: YCSB then reports what it measured until then, and the verdict says the run was
 * interrupted, with its counts (ended where it stood, YCSB printed no summary: the verdict blamed "the errors above",
 * which there were none of, and recorded no count). A JVM started with the signal ignored (a coordinator's local
 * client) keeps ignoring it: the JVM does not take over an ignored signal.
 *
 * <p>Through {@code sun.misc.Signal} (module {@code jdk.unsupported}, there for this use), by reflection so the
 * build keeps no proprietary-API warning; where it is missing, the JVM's own handling stays.
 */
final class SignalStop {
  /** The signals that stop a run. */
  static final List<String> SIGNALS = List.of("INT", "TERM", "HUP");

  private SignalStop() {
  }

  /** Calls {@code onSignal} with "SIGINT", "SIGTERM" or "SIGHUP" when that signal arrives. */
  static void install(Consumer<String> onSignal) {
    try {
      Class<?> signal = Class.forName("sun.misc.Signal");
      Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
      Constructor<?> named = signal.getConstructor(String.class);
      Method handle = signal.getMethod("handle", signal, handlerType);
      for (String name : SIGNALS) {
        Object handler = Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType},
            (proxy, method, args) -> switch (method.getName()) {
              case "handle" -> {
                onSignal.accept("SIG" + name);
                yield null;
              }
              case "hashCode" -> System.identityHashCode(proxy);
              case "equals" -> proxy == args[0];
              default -> "SignalStop(" + name + ")";
            });
        try {
          handle.invoke(null, named.newInstance(name), handler);
        } catch (ReflectiveOperationException | RuntimeException e) {
          // a signal this platform or JVM keeps for itself: its own handling stays
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // no sun.misc.Signal here: the JVM's own handling stays
    }
  }
}
