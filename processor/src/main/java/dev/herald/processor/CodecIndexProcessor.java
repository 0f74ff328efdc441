package dev.herald.processor;

import com.google.auto.service.AutoService;
import dev.herald.processor.model.WireAnnotation;
import dev.herald.processor.writing.ServiceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Registers every generated codec for {@link java.util.ServiceLoader} in {@code
 * META-INF/services/dev.herald.wire.WireCodec}, lists the message map's file of each registered
 * codec's wire type in {@code META-INF/herald/map/wire.index}, and reports two wire types with one
 * id.
 *
 * <p>It finds the codecs by the {@code @GeneratedCodec} marker that {@link WireProcessor} puts on
 * each, never by {@code @Wire}: so Gradle can run it as aggregating (it is handed every marked
 * class again on an incremental build, from class files) and {@link WireProcessor} as isolating.
 * For the same reason the duplicate-id check lives here: it sees every codec of the module, not
 * just the ones of the types that changed.
 *
 * <p>A build that recompiles only some sources leaves the service file of the earlier compilation
 * in the output; its entries are kept while still true (the codec exists and its type is still
 * {@code @Wire}), and their ids take part in the duplicate check. The map index follows the service
 * file entry for entry.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes(GeneratedNames.GENERATED_CODEC_ANNOTATION)
public final class CodecIndexProcessor extends AbstractProcessor {
  /** The wire type that holds each id, to find the second one. */
  private final Map<Integer, TypeElement> byId = new HashMap<>();

  private Elements elements;
  private Messager messager;

  /** Every codec to register: this compilation's and the earlier ones still true. */
  private ServiceFile serviceFile;

  /** The map file of every registered codec's wire type. */
  private ServiceFile mapIndex;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    elements = env.getElementUtils();
    messager = env.getMessager();
    serviceFile = new ServiceFile(env.getFiler(), GeneratedNames.CODEC_SERVICE_FILE);
    mapIndex =
        new ServiceFile(env.getFiler(), GeneratedNames.WIRE_MAP_INDEX, GeneratedNames.MAP_FORMAT);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      if (round.processingOver()) {
        serviceFile.writeIfAdded();
        mapIndex.writeIfAdded();
      } else {
        registerCodecsOf(round);
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable t) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, Diagnostics.unexpectedError("while registering the codecs", t));
    }
    return true;
  }

  private void registerCodecsOf(RoundEnvironment round) {
    TypeElement marker = elements.getTypeElement(GeneratedNames.GENERATED_CODEC_ANNOTATION);
    if (marker == null) {
      return; // herald-wire is not on the class path: WireProcessor has said so
    }
    List<TypeElement> codecs = new ArrayList<>();
    for (Element codec : round.getElementsAnnotatedWith(marker)) {
      if (codec instanceof TypeElement type) {
        codecs.add(type);
      }
    }
    if (codecs.isEmpty()) {
      return;
    }
    for (String earlier : serviceFile.earlierEntriesOnce()) {
      TypeElement codec = elements.getTypeElement(earlier);
      TypeElement wireType = codec == null ? null : wireTypeOf(codec);
      if (wireType != null && WireAnnotation.isOn(wireType) && !codecs.contains(codec)) {
        serviceFile.keep(earlier);
        mapIndex.keep(mapOf(wireType));
        checkId(codec, wireType);
      }
    }
    for (TypeElement codec : codecs) {
      serviceFile.add(GeneratedNames.nameOf(codec, elements).canonicalName(), codec);
      TypeElement wireType = wireTypeOf(codec);
      if (wireType != null) {
        mapIndex.add(mapOf(wireType), codec);
        checkId(codec, wireType);
      }
    }
  }

  private String mapOf(TypeElement wireType) {
    return GeneratedNames.wireMapOf(GeneratedNames.binaryName(wireType, elements));
  }

  private void checkId(TypeElement codec, TypeElement wireType) {
    Integer id = idOf(codec);
    if (id == null) {
      return;
    }
    TypeElement holder = byId.putIfAbsent(id, wireType);
    if (holder != null && !holder.equals(wireType)) {
      report(holder, Diagnostics.duplicateId(id, wireType.getQualifiedName().toString()));
      report(wireType, Diagnostics.duplicateId(id, holder.getQualifiedName().toString()));
    }
  }

  private void report(TypeElement wireType, String message) {
    messager.printMessage(
        Diagnostic.Kind.ERROR, message, wireType, WireAnnotation.mirrorOn(wireType));
  }

  /** {@code X} of {@code X_Codec extends WireCodec<X>}. */
  private static TypeElement wireTypeOf(TypeElement codec) {
    TypeMirror superclass = codec.getSuperclass();
    if (superclass instanceof DeclaredType declared
        && declared.getTypeArguments().size() == 1
        && declared.getTypeArguments().get(0) instanceof DeclaredType wireType) {
      return (TypeElement) wireType.asElement();
    }
    return null;
  }

  private static Integer idOf(TypeElement codec) {
    for (VariableElement field : ElementFilter.fieldsIn(codec.getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(GeneratedNames.CODEC_ID_FIELD)
          && field.getConstantValue() instanceof Integer id) {
        return id;
      }
    }
    return null;
  }
}
