package dev.herald.processor.validation;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.herald.processor.Diagnostics;
import dev.herald.processor.GeneratedNames;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Finds {@code @Subscribe} methods in local and anonymous classes, which annotation processing
 * never shows as elements (they live inside method bodies), and reports them: no generated class
 * can call them.
 *
 * <p>Works on javac's syntax trees; where the compiler offers none (another compiler, or a wrapped
 * processing environment) {@link #create} returns null and the caller says so.
 */
public final class LocalClassScanner {
  private static final String SIMPLE_NAME =
      GeneratedNames.SUBSCRIBE.substring(GeneratedNames.SUBSCRIBE.lastIndexOf('.') + 1);
  private static final String PACKAGE =
      GeneratedNames.SUBSCRIBE.substring(0, GeneratedNames.SUBSCRIBE.lastIndexOf('.'));

  private final Trees trees;
  private final Set<CompilationUnitTree> scanned = new HashSet<>();

  private LocalClassScanner(Trees trees) {
    this.trees = trees;
  }

  /** A scanner, or {@code null} if the compiler has no syntax trees to offer. */
  public static LocalClassScanner create(ProcessingEnvironment env) {
    try {
      return new LocalClassScanner(Trees.instance(env));
    } catch (IllegalArgumentException | LinkageError e) {
      return null;
    }
  }

  /** Reports every {@code @Subscribe} method in a local or anonymous class of these sources. */
  public void scan(Set<? extends Element> rootElements) {
    for (Element root : rootElements) {
      if (!(root instanceof TypeElement)
          || StaleDispatchers.isGeneratedDispatcher((TypeElement) root)) {
        continue;
      }
      TreePath path = trees.getPath(root);
      if (path == null || !scanned.add(path.getCompilationUnit())) {
        continue;
      }
      CompilationUnitTree unit = path.getCompilationUnit();
      new Scanner(unit).scan(unit, null);
    }
  }

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final boolean simpleNameMeansHerald;
    private int localDepth;

    Scanner(CompilationUnitTree unit) {
      this.unit = unit;
      this.simpleNameMeansHerald = simpleNameMeansHerald(unit);
    }

    @Override
    public Void visitClass(ClassTree tree, Void unused) {
      Tree.Kind parent = getCurrentPath().getParentPath().getLeaf().getKind();
      boolean local = parent != Tree.Kind.COMPILATION_UNIT && !isClassKind(parent);
      if (local) {
        localDepth++;
      }
      try {
        return super.visitClass(tree, unused);
      } finally {
        if (local) {
          localDepth--;
        }
      }
    }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
      if (localDepth > 0) {
        for (AnnotationTree annotation : tree.getModifiers().getAnnotations()) {
          if (isSubscribe(annotation)) {
            trees.printMessage(
                Diagnostic.Kind.ERROR, Diagnostics.UNREACHABLE_LISTENER, annotation, unit);
          }
        }
      }
      return super.visitMethod(tree, unused);
    }

    private boolean isSubscribe(AnnotationTree annotation) {
      String name = annotation.getAnnotationType().toString();
      return name.equals(GeneratedNames.SUBSCRIBE)
          || (simpleNameMeansHerald && name.equals(SIMPLE_NAME));
    }
  }

  private static boolean simpleNameMeansHerald(CompilationUnitTree unit) {
    if (unit.getPackageName() != null && unit.getPackageName().toString().equals(PACKAGE)) {
      return true;
    }
    for (ImportTree imported : unit.getImports()) {
      String name = imported.getQualifiedIdentifier().toString();
      if (!imported.isStatic()
          && (name.equals(GeneratedNames.SUBSCRIBE) || name.equals(PACKAGE + ".*"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isClassKind(Tree.Kind kind) {
    return kind == Tree.Kind.CLASS
        || kind == Tree.Kind.INTERFACE
        || kind == Tree.Kind.ENUM
        || kind == Tree.Kind.ANNOTATION_TYPE
        || kind == Tree.Kind.RECORD;
  }
}
