/**
 * Tools that read what Herald's processor writes into a build's output: {@link
 * dev.herald.tools.MessageMapTool} draws the message map of jars and class folders. JDK only; it
 * reads files and loads no class.
 */
module dev.herald.tools {
  exports dev.herald.tools;
}
