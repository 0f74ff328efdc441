package dev.herald.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The user package, {@code dev.herald}, shows an application only what it needs: no public or
 * protected signature of a public type there names a type of the bridge SPI ({@code
 * dev.herald.bridge}) or of the generated-code contract ({@code dev.herald.internal...}), so
 * neither needs reading to use the bus. (A test may use reflection; the runtime does not.)
 */
class UserApiTest {
  private static final List<String> HIDDEN = List.of("dev.herald.bridge.", "dev.herald.internal.");

  /**
   * The one exception: a program whose service files are lost (a shaded jar) hands the bus the
   * index the processor wrote for it. It passes that generated class on; it never implements or
   * calls the contract.
   */
  private static final Set<String> ALLOWED = Set.of("dev.herald.MessageBus$Builder.index");

  @Test
  void noPublicSignatureOfTheUserPackageNamesABridgeOrGeneratedCodeType()
      throws ClassNotFoundException {
    List<String> exposed = new ArrayList<>();
    List<String> checked = new ArrayList<>();
    for (String file : ClassFiles.of(MessageBus.class).keySet()) {
      if (!file.startsWith("dev/herald/")
          || file.indexOf('/', "dev/herald/".length()) >= 0
          || file.endsWith("package-info.class")) {
        continue;
      }
      Class<?> type =
          Class.forName(file.substring(0, file.length() - ".class".length()).replace('/', '.'));
      if (!isVisible(type)) {
        continue;
      }
      checked.add(type.getName());
      check(type.getName() + " extends", type.getGenericSuperclass(), exposed);
      for (Type each : type.getGenericInterfaces()) {
        check(type.getName() + " implements", each, exposed);
      }
      for (Field field : type.getDeclaredFields()) {
        if (isVisible(field.getModifiers())) {
          check(type.getName() + "." + field.getName(), field.getGenericType(), exposed);
        }
      }
      for (Method method : type.getDeclaredMethods()) {
        if (isVisible(method.getModifiers()) && !method.isSynthetic()) {
          checkExecutable(type.getName() + "." + method.getName(), method, exposed);
          check(type.getName() + "." + method.getName(), method.getGenericReturnType(), exposed);
        }
      }
      for (Constructor<?> constructor : type.getDeclaredConstructors()) {
        if (isVisible(constructor.getModifiers())) {
          checkExecutable(type.getName() + ".<init>", constructor, exposed);
        }
      }
    }

    assertTrue(
        checked.contains("dev.herald.MessageBus$Builder"),
        "nested types are checked too: " + checked);
    assertTrue(
        checked.contains("dev.herald.Registration$Builder"),
        "nested types are checked too: " + checked);
    assertEquals(
        List.of(),
        exposed,
        "public signatures of dev.herald that name a bridge or generated-code type");
  }

  private static boolean isVisible(Class<?> type) {
    for (Class<?> each = type; each != null; each = each.getDeclaringClass()) {
      if (!Modifier.isPublic(each.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void checkExecutable(String where, Executable executable, List<String> exposed) {
    if (ALLOWED.contains(where)) {
      return;
    }
    for (Type each : executable.getGenericParameterTypes()) {
      check(where + " takes", each, exposed);
    }
    for (Type each : executable.getGenericExceptionTypes()) {
      check(where + " throws", each, exposed);
    }
    for (TypeVariable<?> variable : executable.getTypeParameters()) {
      for (Type bound : variable.getBounds()) {
        check(where + " bound", bound, exposed);
      }
    }
  }

  private static void check(String where, Type type, List<String> exposed) {
    if (type == null || ALLOWED.contains(where.split(" ")[0])) {
      return;
    }
    if (type instanceof Class) {
      Class<?> raw = (Class<?>) type;
      while (raw.isArray()) {
        raw = raw.getComponentType();
      }
      for (String hidden : HIDDEN) {
        if (raw.getName().startsWith(hidden)) {
          exposed.add(where + " " + raw.getName());
        }
      }
    } else if (type instanceof ParameterizedType) {
      check(where, ((ParameterizedType) type).getRawType(), exposed);
      for (Type argument : ((ParameterizedType) type).getActualTypeArguments()) {
        check(where, argument, exposed);
      }
    } else if (type instanceof GenericArrayType) {
      check(where, ((GenericArrayType) type).getGenericComponentType(), exposed);
    } else if (type instanceof WildcardType) {
      for (Type bound : ((WildcardType) type).getUpperBounds()) {
        check(where, bound, exposed);
      }
      for (Type bound : ((WildcardType) type).getLowerBounds()) {
        check(where, bound, exposed);
      }
    }
  }
}
