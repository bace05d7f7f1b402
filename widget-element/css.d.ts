declare module '*.css' {
  const css: string;
  export default css;
}
