package dev.herald.spring;

import dev.herald.MessageBus;
import java.util.ArrayList;
import java.util.List;
import org.springframework.aop.scope.ScopedObject;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;

/**
 * Registers every bean that has a generated dispatcher with the context's {@link MessageBus} once
 * the bean is initialised, and unregisters it when the bean is destroyed. Whether a bean is a
 * listener is decided by the generated index ({@link MessageBus#registerIfListener}), never by
 * looking for annotations through reflection: Herald's {@code @Subscribe} is not kept at run time.
 *
 * <p>Singletons are held strongly, as the context holds them. Every other bean (prototype, request
 * or session scoped, made by {@code createBean}, the product of a {@code FactoryBean} that is no
 * singleton) is held weakly, since the context does not tell when a prototype is dropped: it
 * receives while the code that asked for it keeps it, and the bus forgets it after, with nothing
 * leaked; a scoped bean is also unregistered when its scope ends. A scoped proxy is not registered
 * (its target is), and neither is the bus.
 *
 * <p>A bean whose class carries {@code @Subscribe} methods without a dispatcher (the processor did
 * not run on it, or the annotation is Guava's or greenrobot's) fails the start, with a message that
 * names the bean, the methods and the fix. So does a listener proxied through its interfaces, whose
 * handlers Herald could not call.
 *
 * <p>Beans initialised before the bus exists wait, in order, and are registered when the bus is
 * ready, before any bean that depends on the bus can post. With several {@code MessageBus} beans,
 * the {@code @Primary} one receives the listeners; a context that starts with no bus to register
 * with fails if it has listeners, and keeps none of the beans it makes later.
 *
 * @since 0.1
 */
public class HeraldListenerRegistrar
    implements DestructionAwareBeanPostProcessor, BeanFactoryAware, SmartInitializingSingleton {
  private final Object lock = new Object();
  private final List<PendingBean> pending = new ArrayList<>();
  private ConfigurableListableBeanFactory beans;
  private volatile MessageBus bus;

  /** Whether {@link #bus} is a bean of this registrar's own context, not of an ancestor's. */
  private volatile boolean ownBus;

  /**
   * Set once the context has started without a bus to register with (none, or several and none
   * primary): beans made from then on do not wait for one. Guarded by {@code lock}.
   */
  private boolean busless;

  /** Creates a registrar; the context gives it its bean factory. */
  public HeraldListenerRegistrar() {}

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    if (!(beanFactory instanceof ConfigurableListableBeanFactory)) {
      throw new IllegalStateException(
          "Herald's listener registrar needs a ConfigurableListableBeanFactory, as every"
              + " application context has; it was given a "
              + beanFactory.getClass().getName());
    }
    this.beans = (ConfigurableListableBeanFactory) beanFactory;
  }

  /**
   * The bus the listeners are registered with, once it exists.
   *
   * @return the bus, or null before the context has made it
   */
  public MessageBus bus() {
    return bus;
  }

  /**
   * The bus, if it is a bean of this registrar's own context: the one to close with it. A child
   * context's listeners join its parent's bus, which closes with the parent.
   */
  MessageBus ownBus() {
    return ownBus ? bus : null;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (bean instanceof MessageBus) {
      if (isTheBus(beanName)) {
        adopt((MessageBus) bean, true);
      }
      return bean;
    }
    if (bean instanceof ScopedObject) {
      return bean; // a scoped proxy: its target, a bean of its own, is the listener
    }
    MessageBus ready;
    boolean singleton = isSingleton(bean, beanName);
    synchronized (lock) {
      ready = bus;
      if (ready == null && !busless) {
        pending.add(new PendingBean(bean, beanName, singleton));
        return bean;
      }
    }
    if (ready == null) {
      refuseListenerWithoutBus(bean, beanName);
      return bean;
    }
    register(ready, bean, beanName, singleton);
    return bean;
  }

  @Override
  public void afterSingletonsInstantiated() {
    synchronized (lock) {
      if (bus != null) {
        return;
      }
    }
    // the bus was not made as a bean of this factory (a registered singleton, say; a parent
    // context's), or it is lazy and no bean asked for it
    MessageBus found = beans.getBeanProvider(MessageBus.class).getIfUnique();
    if (found != null) {
      adopt(found, beans.getBeansOfType(MessageBus.class, false, false).containsValue(found));
      return;
    }
    List<PendingBean> waiting;
    synchronized (lock) {
      busless = true;
      waiting = drainPending();
    }
    for (PendingBean bean : waiting) {
      refuseListenerWithoutBus(bean.bean, bean.name);
    }
  }

  private static void refuseListenerWithoutBus(Object bean, String beanName) {
    if (IndexProbe.isListenerOrMisbuilt(bean.getClass())) {
      throw new BeanInitializationException(
          "Bean '"
              + beanName
              + "' ("
              + bean.getClass().getName()
              + ") has @Subscribe methods, but the context has no MessageBus bean, or several and"
              + " none @Primary: declare one, or let herald-spring-boot's auto-configuration"
              + " make it");
    }
  }

  @Override
  public void postProcessBeforeDestruction(Object bean, String beanName) {
    MessageBus current = bus;
    if (current != null) {
      current.unregister(bean);
    }
  }

  @Override
  public boolean requiresDestruction(Object bean) {
    if (bean instanceof MessageBus) {
      return false;
    }
    MessageBus current;
    synchronized (lock) {
      current = bus;
      if (current == null) {
        return isPending(bean);
      }
    }
    return isListener(bean, current);
  }

  private boolean isPending(Object bean) {
    for (PendingBean waiting : pending) {
      if (waiting.bean == bean) {
        return true;
      }
    }
    return false;
  }

  private void adopt(MessageBus adopted, boolean own) {
    List<PendingBean> waiting;
    synchronized (lock) {
      if (bus != null) {
        return;
      }
      ownBus = own;
      bus = adopted;
      waiting = drainPending();
    }
    for (PendingBean bean : waiting) {
      register(adopted, bean.bean, bean.name, bean.singleton);
    }
  }

  private List<PendingBean> drainPending() {
    synchronized (lock) {
      List<PendingBean> drained = new ArrayList<>(pending);
      pending.clear();
      return drained;
    }
  }

  private void register(MessageBus target, Object bean, String beanName, boolean singleton) {
    try {
      if (!target.hasHandlers(bean.getClass())) {
        refuseInterfaceProxyOfListener(target, bean, beanName);
        return;
      }
      if (singleton) {
        target.register(bean);
      } else {
        target.registerWeakly(bean);
      }
    } catch (IllegalArgumentException misbuilt) {
      throw new BeanInitializationException(
          "Herald cannot register bean '"
              + beanName
              + "' ("
              + bean.getClass().getName()
              + "): "
              + misbuilt.getMessage(),
          misbuilt);
    }
  }

  /**
   * A JDK proxy has only its interfaces' handlers: if the class behind it has its own, they would
   * never run.
   */
  private static void refuseInterfaceProxyOfListener(
      MessageBus target, Object bean, String beanName) {
    if (!AopUtils.isJdkDynamicProxy(bean)) {
      return;
    }
    Class<?> targetClass = AopUtils.getTargetClass(bean);
    if (targetClass != bean.getClass() && target.hasHandlers(targetClass)) {
      throw new BeanInitializationException(
          "Herald cannot register bean '"
              + beanName
              + "': it is proxied through its interfaces (a JDK dynamic proxy), so the handlers"
              + " of "
              + targetClass.getName()
              + " cannot be called. Let Spring proxy the class instead"
              + " (spring.aop.proxy-target-class=true, Spring Boot's default), or declare the"
              + " handlers on one of its interfaces.");
    }
  }

  private static boolean isListener(Object bean, MessageBus target) {
    try {
      return target.hasHandlers(bean.getClass());
    } catch (IllegalArgumentException misbuilt) {
      return false; // refused when it was registered
    }
  }

  private boolean isSingleton(Object bean, String beanName) {
    if (!beans.containsBeanDefinition(beanName)) {
      return false; // made by createBean, or registered by hand: the context does not keep it
    }
    if (!(bean instanceof FactoryBean) && beans.isFactoryBean(beanName)) {
      return beans.isSingleton(beanName); // a FactoryBean's product: one if the factory says so
    }
    return beans.getMergedBeanDefinition(beanName).isSingleton();
  }

  /** Whether {@code beanName} is the context's bus: its only one, or its primary one. */
  private boolean isTheBus(String beanName) {
    String[] names = beans.getBeanNamesForType(MessageBus.class, true, false);
    if (names.length <= 1) {
      return true;
    }
    return beans.containsBeanDefinition(beanName)
        && beans.getMergedBeanDefinition(beanName).isPrimary();
  }

  /** A bean initialised before the bus was ready, and whether it is a singleton. */
  private static final class PendingBean {
    final Object bean;
    final String name;
    final boolean singleton;

    PendingBean(Object bean, String name, boolean singleton) {
      this.bean = bean;
      this.name = name;
      this.singleton = singleton;
    }
  }

  @Override
  public Object postProcessBeforeInitialization(Object bean, String beanName)
      throws BeansException {
    return bean;
  }
}
