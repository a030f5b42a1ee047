import path from 'node:path';

/**
 * The console's import zones (STYLE.md rule 17, after bulletproof-react's `import/no-restricted-paths`
 * zones), checked by resolving each relative import against the web source root (`root` option):
 * - components/ and lib/ are shared: they never import features/;
 * - a file outside features/<domain>/ (another domain, app/, config/) reaches that domain only
 *   through its public surface, features/<domain>/index.ts. Tests may reach into what they test.
 */

/** @param {string} file */
const isTest = (file) => /\.test\.tsx?$|\.test-support\.tsx?$/.test(file);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep components/ and lib/ free of features/, and features behind their index.ts' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      sharedImportsFeature: '{{zone}}/ is shared code: it must not import features/ ({{target}}).',
      throughIndex: "Import the '{{domain}}' feature through its index.ts (features/{{domain}}), not {{target}}.",
    },
  },
  create(context) {
    const root = path.resolve(context.options[0].root);
    const file = context.physicalFilename;
    const fromParts = path.relative(root, file).split(path.sep);
    if (fromParts[0] === '..' || path.isAbsolute(fromParts[0])) return {};
    const test = isTest(file);

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('./') && !spec.startsWith('../')) return;
      const parts = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (parts[0] !== 'features' || parts.length < 2) return;
      const target = parts.join('/');
      if (fromParts[0] === 'components' || fromParts[0] === 'lib') {
        context.report({ node: source, messageId: 'sharedImportsFeature', data: { zone: fromParts[0], target } });
        return;
      }
      const domain = parts[1];
      if (test || (fromParts[0] === 'features' && fromParts[1] === domain)) return;
      const viaIndex = parts.length === 2 || (parts.length === 3 && /^index(\.tsx?|\.js)?$/.test(parts[2]));
      if (!viaIndex) context.report({ node: source, messageId: 'throughIndex', data: { domain, target } });
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default rule;
