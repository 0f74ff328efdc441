package dev.herald.architecture;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one class file refers to, read from its constant pool: what a source grep misses too
 * (lambdas and indy string concatenation compile to invokedynamic, which is java.lang.invoke), and
 * what javac's erasure leaves of generic signatures.
 */
final class ClassFile {
  /** A class named in a descriptor or signature: {@code Ljava/util/List;}, {@code Lx/Y<}. */
  private static final Pattern NAMED_IN_DESCRIPTOR = Pattern.compile("L([a-zA-Z_$][\\w$/]*)[;<]");

  /** Class members whose call is reflection, whatever the caller does with it. */
  private static final Set<String> REFLECTIVE_CLASS_MEMBERS =
      Set.of(
          "forName",
          "newInstance",
          "getDeclaredMethod",
          "getDeclaredMethods",
          "getDeclaredField",
          "getDeclaredFields",
          "getDeclaredConstructor",
          "getDeclaredConstructors",
          "getMethod",
          "getMethods",
          "getField",
          "getFields",
          "getConstructor",
          "getConstructors");

  /** Internal names of the classes referred to ({@code java/util/List}). */
  final Set<String> referencedClasses = new TreeSet<>();

  /** What the no-reflection promise forbids, as found; empty when clean. */
  final List<String> reflection = new ArrayList<>();

  private ClassFile() {}

  static ClassFile parse(byte[] bytes) throws IOException {
    ClassFile file = new ClassFile();
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] classNameIndex = new int[count];
    int[][] memberRefs = new int[count][];
    int[] nameAndTypeName = new int[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNameIndex[i] = in.readUnsignedShort();
        case 8, 16, 19, 20 -> in.readUnsignedShort();
        case 3, 4 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++;
        }
        case 9, 10, 11 ->
            memberRefs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
        case 12 -> {
          nameAndTypeName[i] = in.readUnsignedShort();
          in.readUnsignedShort();
        }
        case 15 -> {
          in.readUnsignedByte();
          in.readUnsignedShort();
          file.reflection.add("method handle constant");
        }
        case 17, 18 -> {
          in.readUnsignedShort();
          in.readUnsignedShort();
          file.reflection.add("invokedynamic");
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    for (int i = 1; i < count; i++) {
      if (classNameIndex[i] != 0) {
        String name = utf8[classNameIndex[i]];
        file.referencedClasses.add(name.startsWith("[") ? elementOf(name) : name);
      }
    }
    for (String text : utf8) {
      if (text == null) {
        continue;
      }
      if (text.contains("java/lang/reflect/") || text.contains("java/lang/invoke/")) {
        file.reflection.add(text);
      }
      Matcher named = NAMED_IN_DESCRIPTOR.matcher(text);
      while (named.find()) {
        file.referencedClasses.add(named.group(1));
      }
    }
    for (int[] ref : memberRefs) {
      if (ref != null) {
        String owner = utf8[classNameIndex[ref[0]]];
        String name = utf8[nameAndTypeName[ref[1]]];
        if ("java/lang/Class".equals(owner) && REFLECTIVE_CLASS_MEMBERS.contains(name)) {
          file.reflection.add(owner + "." + name);
        }
      }
    }
    file.referencedClasses.remove("");
    return file;
  }

  /** {@code [[Ljava/lang/String;} is {@code java/lang/String}; a primitive array is nothing. */
  private static String elementOf(String arrayName) {
    String element = arrayName.replaceFirst("^\\[+", "");
    return element.startsWith("L") ? element.substring(1, element.length() - 1) : "";
  }
}
