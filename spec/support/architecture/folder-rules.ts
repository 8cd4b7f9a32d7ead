/** One row of docs/architecture.md's Folders table: the paths it covers, and what they may import. */
export interface FolderRule {
  paths: string[];
  allowed: string[] | 'anything';
}

const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
const isPath = (token: string): boolean => /^(src|cli|db)\//.test(token);

/** The rows of the table under "## Folders"; a path ending in `/` is a folder, any other a file. */
export const folderRules = (page: string): FolderRule[] => {
  const start = page.indexOf('## Folders');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [paths = '', , allowed = ''] = line.split('|').slice(1, -1);
      return { paths: ticked(paths).filter(isPath), allowed: /\banything\b/.test(allowed) ? 'anything' : ticked(allowed).filter(isPath) };
    });
};

const covers = (path: string, file: string): boolean => (path.endsWith('/') ? file.startsWith(path) : file === path);

/** The row a repository file belongs to: the longest path that covers it. */
export const ruleOf = (rules: FolderRule[], file: string): FolderRule | undefined =>
  rules
    .flatMap((rule) => rule.paths.filter((path) => covers(path, file)).map((path) => ({ rule, length: path.length })))
    .sort((a, b) => b.length - a.length)[0]?.rule;

/** Whether `from` may import `to` (repository-relative paths): its own folder, or one its row allows. */
export const mayImport = (rules: FolderRule[], from: string, to: string): boolean => {
  const rule = ruleOf(rules, from);
  if (!rule) return false;
  if (rule.allowed === 'anything' || rule.paths.some((path) => path.endsWith('/') && covers(path, to))) return true;
  return rule.allowed.some((path) => covers(path, to));
};

/** The folder of `src/` a file is in (`src/web`, …), or null for a loose file or one outside src. */
export const srcFolderOf = (file: string): string | null => {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}` : null;
};
