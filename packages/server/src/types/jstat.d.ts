/**
 * The part of jStat (https://jstat.github.io) the outcome report uses; the package ships no types.
 * Its CommonJS export is the jStat function object, which also carries itself as `jStat`.
 */
declare module 'jstat' {
  interface JStatStatic {
    studentt: {
      /** The quantile of Student's t distribution with `dof` degrees of freedom (dof may be fractional). */
      inv(p: number, dof: number): number;
    };
    normal: {
      inv(p: number, mean: number, std: number): number;
      cdf(x: number, mean: number, std: number): number;
    };
  }
  const jstat: JStatStatic & { jStat: JStatStatic };
  export default jstat;
}
