package dev.herald;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

/**
 * The methods of one class that carry a subscribing annotation, Herald's or another bus's, read
 * from the class's own class file. Herald's {@code @Subscribe} is kept in class files only, so
 * reflection cannot see it; reading the bytes also needs no reflection. Used only to explain a
 * class that has no dispatcher: a class the processor never saw, or one still marked for another
 * bus after a port.
 */
final class SubscribeMarks {
  /** A subscribing annotation Herald recognises, and whose it is. */
  enum Kind {
    HERALD("dev.herald.annotation.Subscribe", "Herald's"),
    GUAVA("com.google.common.eventbus.Subscribe", "Guava EventBus's"),
    GREENROBOT("org.greenrobot.eventbus.Subscribe", "greenrobot EventBus's"),
    OTTO("com.squareup.otto.Subscribe", "Otto's"),
    MBASSADOR("net.engio.mbassy.listener.Handler", "MBassador's"),
    ARTEMIS("net.mostlyoriginal.api.event.common.Subscribe", "artemis-odb contrib-eventbus's");

    /** Its name, not its class: the bus depends on no other bus, only reads their names. */
    final String name;

    /** How a class file names it: {@code Lcom/google/common/eventbus/Subscribe;}. */
    final String descriptor;

    final String owner;

    Kind(String name, String owner) {
      this.name = name;
      this.descriptor = "L" + name.replace('.', '/') + ";";
      this.owner = owner;
    }

    /** The annotation as source code writes it: {@code @com.google.common.eventbus.Subscribe}. */
    String annotation() {
      return "@" + name;
    }

    static Kind of(String descriptor) {
      for (Kind kind : values()) {
        if (kind.descriptor.equals(descriptor)) {
          return kind;
        }
      }
      return null;
    }
  }

  /** One annotated method: {@code onMove} marked with Guava's {@code @Subscribe}. */
  static final class Mark {
    final Class<?> declaringClass;
    final String method;
    final Kind kind;

    Mark(Class<?> declaringClass, String method, Kind kind) {
      this.declaringClass = declaringClass;
      this.method = method;
      this.kind = kind;
    }

    @Override
    public String toString() {
      return declaringClass.getName() + "." + method + " (" + kind.annotation() + ")";
    }
  }

  private static final int MAGIC = 0xCAFEBABE;

  /** A class file larger than this is not read: no class with handlers is anywhere near it. */
  private static final int LARGEST_CLASS_FILE = 16 << 20;

  /**
   * Annotation values nested deeper than this (arrays of annotations with arrays...) make a class
   * file unreadable here: far deeper than source code nests them, and each level is a frame.
   */
  private static final int DEEPEST_ANNOTATION_VALUE = 256;

  private SubscribeMarks() {}

  /**
   * The marked methods {@code type} declares itself (not inherited ones), in class file order;
   * empty when its class file cannot be read (a class made at run time, a loader that serves no
   * resources) or is not one.
   */
  static List<Mark> declaredBy(Class<?> type) {
    byte[] bytes = classFileOf(type);
    if (bytes == null) {
      return List.of();
    }
    try {
      return read(type, new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException | RuntimeException malformed) {
      return List.of();
    }
  }

  private static byte[] classFileOf(Class<?> type) {
    String name = type.getName();
    if (type.isArray() || type.isPrimitive() || name.indexOf('/') >= 0) {
      return null; // a hidden class (a lambda's) has no class file
    }
    String path = name.replace('.', '/') + ".class";
    try {
      if (isAnotherClassFile(type, path)) {
        return null;
      }
      try (InputStream in = type.getResourceAsStream("/" + path)) {
        return in == null ? null : in.readNBytes(LARGEST_CLASS_FILE);
      }
    } catch (IOException | RuntimeException unreadable) {
      return null; // a loader whose resources fail (a deleted jar, say) or refuse
    }
  }

  /**
   * Whether the class file that {@code type}'s loader would serve for it is its parent's: then the
   * class, defined by the loader itself, came from elsewhere. A child-first loader (a plugin
   * host's, often) looks for classes in its own place first, but for resources in its parent's,
   * which may have another version of the class, marked otherwise. A named module's resources are
   * its own.
   */
  private static boolean isAnotherClassFile(Class<?> type, String path) throws IOException {
    ClassLoader loader = type.getClassLoader();
    if (loader == null || loader.getParent() == null || type.getModule().isNamed()) {
      return false;
    }
    // the first of each is what getResource answers; compared as text, through Object, so that
    // the runtime names no java.net type (and URL.equals may resolve host names)
    Object served = firstOf(loader.getResources(path));
    Object parents = firstOf(loader.getParent().getResources(path));
    return served != null && parents != null && served.toString().equals(parents.toString());
  }

  private static Object firstOf(Enumeration<?> resources) {
    return resources.hasMoreElements() ? resources.nextElement() : null;
  }

  private static List<Mark> read(Class<?> type, DataInputStream in) throws IOException {
    if (in.readInt() != MAGIC) {
      return List.of();
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    String[] utf8 = readConstantPool(in);
    in.readUnsignedShort(); // access flags
    in.readUnsignedShort(); // this class
    in.readUnsignedShort(); // superclass
    skip(in, 2L * in.readUnsignedShort()); // interfaces
    int fields = in.readUnsignedShort();
    for (int i = 0; i < fields; i++) {
      in.readUnsignedShort(); // access flags
      in.readUnsignedShort(); // name
      in.readUnsignedShort(); // descriptor
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        in.readUnsignedShort();
        skip(in, in.readInt() & 0xFFFFFFFFL);
      }
    }
    List<Mark> marks = new ArrayList<>();
    int methods = in.readUnsignedShort();
    for (int i = 0; i < methods; i++) {
      in.readUnsignedShort(); // access flags
      String name = utf8[in.readUnsignedShort()];
      in.readUnsignedShort(); // descriptor
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String attribute = utf8[in.readUnsignedShort()];
        long length = in.readInt() & 0xFFFFFFFFL;
        if ("RuntimeInvisibleAnnotations".equals(attribute)
            || "RuntimeVisibleAnnotations".equals(attribute)) {
          int annotations = in.readUnsignedShort();
          for (int n = 0; n < annotations; n++) {
            Kind kind = Kind.of(utf8[in.readUnsignedShort()]);
            skipElementValuePairs(in, 0);
            if (kind != null) {
              marks.add(new Mark(type, name, kind));
            }
          }
        } else {
          skip(in, length);
        }
      }
    }
    return List.copyOf(marks);
  }

  /** The constant pool's UTF-8 entries by index; the other entries are skipped. */
  private static String[] readConstantPool(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1: // Utf8
          utf8[i] = in.readUTF();
          break;
        case 7: // Class
        case 8: // String
        case 16: // MethodType
        case 19: // Module
        case 20: // Package
          skip(in, 2);
          break;
        case 15: // MethodHandle
          skip(in, 3);
          break;
        case 3: // Integer
        case 4: // Float
        case 9: // Fieldref
        case 10: // Methodref
        case 11: // InterfaceMethodref
        case 12: // NameAndType
        case 17: // Dynamic
        case 18: // InvokeDynamic
          skip(in, 4);
          break;
        case 5: // Long
        case 6: // Double
          skip(in, 8);
          i++; // takes two entries
          break;
        default:
          throw new IOException("unknown constant pool tag " + tag);
      }
    }
    return utf8;
  }

  private static void skipElementValuePairs(DataInputStream in, int depth) throws IOException {
    int pairs = in.readUnsignedShort();
    for (int p = 0; p < pairs; p++) {
      in.readUnsignedShort(); // element name
      skipElementValue(in, depth + 1);
    }
  }

  private static void skipElementValue(DataInputStream in, int depth) throws IOException {
    if (depth > DEEPEST_ANNOTATION_VALUE) {
      throw new IOException("annotation values nested deeper than " + DEEPEST_ANNOTATION_VALUE);
    }
    int tag = in.readUnsignedByte();
    switch (tag) {
      case 'e': // enum: type and constant name
        skip(in, 4);
        break;
      case '@':
        in.readUnsignedShort(); // annotation type
        skipElementValuePairs(in, depth);
        break;
      case '[':
        int values = in.readUnsignedShort();
        for (int v = 0; v < values; v++) {
          skipElementValue(in, depth + 1);
        }
        break;
      default: // a constant, a string or a class: one constant pool index
        skip(in, 2);
    }
  }

  private static void skip(DataInputStream in, long bytes) throws IOException {
    long left = bytes;
    while (left > 0) {
      long skipped = in.skip(left);
      if (skipped <= 0) {
        throw new IOException("truncated class file");
      }
      left -= skipped;
    }
  }
}
