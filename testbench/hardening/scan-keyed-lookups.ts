// Finds lookups that outside text could steer into Object.prototype: `object[key]` and `key in object` with a key
// typed as any string, and `hasOwnProperty` calls, in the service's code (src/ and the simulator it runs).
import ts from 'typescript';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One lookup the rule refuses: where, what, and why. */
export type KeyedLookupFinding = { readonly file: string; readonly line: number; readonly text: string };

/** Folders whose code the service runs (the simulator serves `npm start` without AWS). */
export const SCANNED_FOLDERS: readonly string[] = ['src', 'testbench/simulator'];

/** A comment on the line or the line before saying why the key can only be an own, known name. */
const OWN_KEY_MARK = /\/\/ own-key: \S/u;

function listSourceFiles(root: string, folder: string, found: string[] = []): string[] {
  for (const name of readdirSync(join(root, folder)).sort()) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) {
      if (name !== 'node_modules' && name !== 'test-support') listSourceFiles(root, path, found);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('.test-support.')) {
      found.push(join(root, path));
    }
  }
  return found;
}

function isWideKey(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isWideKey);
  const wide = ts.TypeFlags.String | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TemplateLiteral;
  return (type.flags & wide) !== 0;
}

function isIndexedCollection(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every((member) => isIndexedCollection(checker, member));
  if (checker.isArrayType(type) || checker.isTupleType(type)) return true;
  if ((type.flags & ts.TypeFlags.StringLike) !== 0) return true;
  const name = type.getSymbol()?.getName() ?? '';
  return /^(?:ReadonlyArray|Array|(?:Big)?(?:Ui|I)nt(?:8|16|32|64)Array|Uint8ClampedArray|Float(?:32|64)Array)$/u.test(
    name,
  );
}

/** True when an enclosing condition already checked `Object.hasOwn(object, key)` for this very pair. */
function isGuardedByHasOwn(node: ts.Node, objectText: string, keyText: string): boolean {
  const guard = `Object.hasOwn(${objectText}, ${keyText})`;
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if (ts.isIfStatement(at) || ts.isConditionalExpression(at)) {
      const condition = ts.isIfStatement(at) ? at.expression : at.condition;
      if (condition.getText().includes(guard) && !condition.getText().includes(`!${guard}`)) return true;
    }
    if (ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      if (at.left.getText().includes(guard)) return true;
    }
    if (ts.isFunctionLike(at)) return false;
  }
  return false;
}

function isMarked(source: ts.SourceFile, line: number): boolean {
  const lines = source.getFullText().split('\n');
  return OWN_KEY_MARK.test(lines[line] ?? '') || OWN_KEY_MARK.test(lines[line - 1] ?? '');
}

/** Every unguarded lookup by an unbounded string key in the scanned folders of `root`, in file order. */
export function scanKeyedLookups(root: string): KeyedLookupFinding[] {
  const files = SCANNED_FOLDERS.flatMap((folder) => listSourceFiles(root, folder));
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const findings: KeyedLookupFinding[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) continue;
    const report = (node: ts.Node): void => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
      if (isMarked(source, line)) return;
      findings.push({ file: relative(root, file), line: line + 1, text: node.getText().slice(0, 100) });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node)) {
        const key = node.argumentExpression;
        if (
          isWideKey(checker.getTypeAtLocation(key)) &&
          !isIndexedCollection(checker, checker.getTypeAtLocation(node.expression)) &&
          !isGuardedByHasOwn(node, node.expression.getText(), key.getText())
        ) report(node);
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) {
        if (isWideKey(checker.getTypeAtLocation(node.left))) report(node);
      } else if (ts.isPropertyAccessExpression(node) && node.name.text === 'hasOwnProperty') {
        report(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}
