// Reads the app's one route table (src/app/router.tsx) without running it: which screen module each
// route loads lazily, and the lazy modules of its parent routes (the shell, the /prescribe layout).
// The bundle budget maps these to the build manifest's chunks. It understands the forms the table
// uses: `...lazyPage(() => import('…'))`, a const holding such a lazy page, `children: [...]`, spreads of
// route arrays, and arrays generated with `TABLE.map(({ path }) => ({ path, ...recordPage }))` (shown as
// `TABLE[]`); anything else fails loudly rather than being silently left out of the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ path: string, modules: string[] }} Route
 *   `modules`: the lazy modules loaded to show the route, outermost first (files relative to the web
 *   package, without extension, as written in the import specifiers).
 */

/** @returns {Route[]} every route of the table that shows a screen. */
export function readRouteTable(routerFile, webRoot) {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) consts.set(declaration.name.text, declaration.initializer);
    }
  }
  const table = consts.get('routes');
  if (!table) throw new Error(`${routerFile}: no \`routes\` table`);
  const where = (node) => `${path.relative(webRoot, routerFile)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const moduleOf = (specifier) =>
    path
      .relative(webRoot, path.resolve(path.dirname(routerFile), specifier))
      .split(path.sep)
      .join('/');

  /** The module a lazy route spread loads, or null when the spread is not a lazy page. */
  function lazyModule(expression) {
    if (ts.isIdentifier(expression) && consts.has(expression.text)) return lazyModule(consts.get(expression.text));
    let found = null;
    const visit = (node) => {
      if (found) return;
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (!argument || !ts.isStringLiteralLike(argument)) throw new Error(`${where(node)}: a lazy import must name its module literally`);
        found = moduleOf(argument.text);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(expression);
    return found;
  }

  /** The route objects an expression stands for; `generatedFrom` names the table a .map() walks. */
  function routeObjects(expression, generatedFrom) {
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
      return routeObjects(expression.expression, generatedFrom);
    }
    if (ts.isIdentifier(expression) && consts.has(expression.text)) return routeObjects(consts.get(expression.text), generatedFrom);
    if (ts.isArrayLiteralExpression(expression)) {
      return expression.elements.flatMap((element) =>
        ts.isSpreadElement(element) ? routeObjects(element.expression, generatedFrom) : routeObjects(element, generatedFrom),
      );
    }
    if (ts.isConditionalExpression(expression)) {
      return [...routeObjects(expression.whenTrue, generatedFrom), ...routeObjects(expression.whenFalse, generatedFrom)];
    }
    if (ts.isObjectLiteralExpression(expression)) return [{ node: expression, generatedFrom }];
    if (
      ts.isCallExpression(expression) &&
      ts.isPropertyAccessExpression(expression.expression) &&
      expression.expression.name.text === 'map' &&
      expression.arguments.length === 1
    ) {
      const callback = expression.arguments[0];
      if (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) {
        const tableName = expression.expression.expression.getText(source);
        const returned = ts.isBlock(callback.body)
          ? callback.body.statements.filter(ts.isReturnStatement).map((statement) => statement.expression)
          : [callback.body];
        return returned.flatMap((result) => (result ? routeObjects(result, tableName) : []));
      }
    }
    throw new Error(`${where(expression)}: the budget cannot read this part of the route table`);
  }

  /** @returns {Route[]} */
  function walk(expression, parentPath, parentModules) {
    const routes = [];
    for (const { node, generatedFrom } of routeObjects(expression, undefined)) {
      let ownPath = null;
      let index = false;
      let module = null;
      let children = null;
      for (const property of node.properties) {
        if (ts.isSpreadAssignment(property)) {
          const loaded = lazyModule(property.expression);
          if (!loaded) throw new Error(`${where(property)}: a spread that is not a lazy page`);
          module = loaded;
        } else if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'path') {
          if (!generatedFrom) throw new Error(`${where(property)}: a path the budget cannot read`);
          ownPath = `${generatedFrom}[]`;
        } else if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
          const name = property.name.text;
          if (name === 'path') {
            if (ts.isStringLiteralLike(property.initializer)) ownPath = property.initializer.text;
            else if (generatedFrom) ownPath = `${generatedFrom}[]`;
            else throw new Error(`${where(property)}: a path the budget cannot read`);
          } else if (name === 'index') index = property.initializer.kind === ts.SyntaxKind.TrueKeyword;
          else if (name === 'children') children = property.initializer;
          else if (name === 'lazy') throw new Error(`${where(property)}: write lazy routes with lazyPage(() => import('…'))`);
        }
      }
      const fullPath = ownPath === null ? parentPath : ownPath.startsWith('/') ? ownPath : `${parentPath.replace(/\/$/, '')}/${ownPath}`;
      const modules = module ? [...parentModules, module] : parentModules;
      const childRoutes = children ? walk(children, fullPath, modules) : [];
      // A layout with an index child never shows alone: its index row stands for it.
      const hasIndex = childRoutes.some((child) => child.path === `${fullPath} (index)`);
      if ((ownPath !== null || index) && module && !hasIndex) routes.push({ path: index ? `${fullPath} (index)` : fullPath, modules });
      routes.push(...childRoutes);
    }
    return routes;
  }

  const routes = walk(table, '', []);
  if (routes.length === 0) throw new Error(`${routerFile}: the route table yielded no routes`);
  return routes;
}

/**
 * The literal `path`s of a route table the router generates routes from (`export const NAME = [{ path:
 * '/…', … }, …]`, such as RECORD_ROUTES in src/lib/routes.ts); fails on any other form.
 * @returns {string[]}
 */
export function readPathTable(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      let table = declaration.initializer;
      while (ts.isAsExpression(table) || ts.isSatisfiesExpression(table)) table = table.expression;
      if (!ts.isArrayLiteralExpression(table)) break;
      return table.elements.map((element) => {
        const path = ts.isObjectLiteralExpression(element)
          ? element.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'path')
          : undefined;
        if (!path || !ts.isStringLiteralLike(path.initializer)) throw new Error(`${file}: ${name} has an entry without a literal path`);
        return path.initializer.text;
      });
    }
  }
  throw new Error(`${file}: no array literal ${name}`);
}
