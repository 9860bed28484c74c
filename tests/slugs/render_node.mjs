// Print the heading ids that a JavaScript renderer gives a Markdown
// document, one a line, in document order: the oracle of tests/slugs.rs.
//
// Usage: node render_node.mjs RENDERER FILE NODE_MODULES
//
// RENDERER: markdown-it-anchor (markdown-it with html: true and
// markdown-it-anchor's defaults), vitepress (VitePress's own
// createMarkdownRenderer), docusaurus (mdast-util-from-markdown with GFM,
// and the @docusaurus/mdx-loader headings plugin's rule: a trailing
// {#custom-id}, else github-slugger of mdast-util-to-string of the
// heading's children other than html). NODE_MODULES: the directory the
// packages are installed in.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [name, file, modules] = process.argv.slice(2)
const src = readFileSync(file, 'utf8')
const require = createRequire(join(modules, 'noop.js'))
const load = async (pkg) => import(pathToFileURL(require.resolve(pkg)).href)

const idsOf = (html) =>
  [...html.matchAll(/<h[1-6][^>]*\sid="([^"]*)"/g)].map((m) =>
    m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))

let ids
if (name === 'markdown-it-anchor') {
  const MarkdownIt = (await load('markdown-it')).default
  const anchor = (await load('markdown-it-anchor')).default
  ids = idsOf(MarkdownIt({ html: true }).use(anchor).render(src))
} else if (name === 'vitepress') {
  const { createMarkdownRenderer } = await load('vitepress')
  const md = await createMarkdownRenderer(process.cwd(), {}, '/', { warn () {} })
  ids = idsOf(md.renderAsync ? await md.renderAsync(src, {}) : md.render(src, {}))
} else if (name === 'docusaurus') {
  const { fromMarkdown } = await load('mdast-util-from-markdown')
  const { gfm } = await load('micromark-extension-gfm')
  const { gfmFromMarkdown } = await load('mdast-util-gfm')
  const { toString } = await load('mdast-util-to-string')
  const GithubSlugger = (await load('github-slugger')).default
  const slugger = new GithubSlugger()
  const tree = fromMarkdown(src, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  ids = []
  for (const node of tree.children.filter((n) => n.type === 'heading')) {
    const text = toString(node.children.filter((c) => c.type !== 'html'))
    const custom = /\s*\{#([\w-]+)\}$/.exec(text)
    ids.push(custom ? custom[1] : slugger.slug(text))
  }
} else {
  throw new Error(`unknown renderer ${name}`)
}
process.stdout.write(ids.map((i) => i + '\n').join(''))
