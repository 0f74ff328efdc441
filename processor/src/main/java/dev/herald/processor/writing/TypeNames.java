package dev.herald.processor.writing;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Type names as generated code spells them. */
final class TypeNames {

  /**
   * A class with {@code ?} for every type parameter in scope: {@code Cache<?>}, {@code
   * Outer<?>.Inner}, {@code Outer.Inner}; arrays of such types likewise.
   */
  static TypeName withWildcards(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY) {
      return ArrayTypeName.of(withWildcards(((ArrayType) type).getComponentType()));
    }
    if (type.getKind() == TypeKind.DECLARED) {
      return withWildcards((TypeElement) ((DeclaredType) type).asElement());
    }
    return TypeName.get(type);
  }

  static TypeName withWildcards(TypeElement type) {
    boolean inner =
        type.getEnclosingElement() instanceof TypeElement outer
            && !type.getModifiers().contains(Modifier.STATIC)
            && !outer.getKind().isInterface()
            && type.getKind().isClass();
    List<TypeName> wildcards = wildcards(type);
    if (inner) {
      TypeName outer = withWildcards((TypeElement) type.getEnclosingElement());
      String simpleName = type.getSimpleName().toString();
      if (outer instanceof ParameterizedTypeName parameterized) {
        return parameterized.nestedClass(simpleName, wildcards);
      }
      ClassName nested = ((ClassName) outer).nestedClass(simpleName);
      return wildcards.isEmpty()
          ? nested
          : ParameterizedTypeName.get(nested, wildcards.toArray(new TypeName[0]));
    }
    ClassName raw = ClassName.get(type);
    return wildcards.isEmpty()
        ? raw
        : ParameterizedTypeName.get(raw, wildcards.toArray(new TypeName[0]));
  }

  /**
   * Claims in {@code names} every simple name with which generated code may spell {@code type}, so
   * that no local variable obscures it.
   */
  static void reserveSimpleNames(TypeMirror type, NameAllocator names) {
    if (type.getKind() == TypeKind.ARRAY) {
      reserveSimpleNames(((ArrayType) type).getComponentType(), names);
    } else if (type.getKind() == TypeKind.DECLARED) {
      for (Element e = ((DeclaredType) type).asElement();
          e instanceof TypeElement;
          e = e.getEnclosingElement()) {
        names.newName(e.getSimpleName().toString());
      }
    }
  }

  private static List<TypeName> wildcards(TypeElement type) {
    List<TypeName> wildcards = new ArrayList<>();
    for (int i = 0; i < type.getTypeParameters().size(); i++) {
      wildcards.add(WildcardTypeName.subtypeOf(Object.class));
    }
    return wildcards;
  }

  private TypeNames() {}
}
