/**
 * The input schemas of mcp-server-git, as pydantic's `model_json_schema()`
 * writes them for its models (titles included), so a client sees the same
 * tool definitions.
 *
 * @module
 */

/** A JSON Schema object. */
type Schema = Readonly<Record<string, unknown>>;

const REPO_PATH = { repo_path: { title: 'Repo Path', type: 'string' } } as const;
const CONTEXT_LINES = { context_lines: { default: 3, title: 'Context Lines', type: 'integer' } } as const;
const TIMESTAMP_HELP =
  "Accepts: ISO 8601 format (e.g., '2024-01-15T14:30:25'), relative dates (e.g., '2 weeks ago', 'yesterday'), or absolute dates (e.g., '2024-01-15', 'Jan 15 2024')";

const optionalString = (title: string, description?: string): Schema => ({
  anyOf: [{ type: 'string' }, { type: 'null' }],
  default: null,
  ...(description !== undefined && { description }),
  title,
});

const model = (title: string, properties: Schema, required: readonly string[]): Schema => ({
  properties,
  required,
  title,
  type: 'object',
});

/** The official models, one per tool. */
type ModelName =
  | 'GitStatus'
  | 'GitDiffUnstaged'
  | 'GitDiffStaged'
  | 'GitDiff'
  | 'GitCommit'
  | 'GitAdd'
  | 'GitReset'
  | 'GitLog'
  | 'GitCreateBranch'
  | 'GitCheckout'
  | 'GitShow'
  | 'GitBranch';

/** Every tool's input schema, by the official model name. */
export const SCHEMAS: Readonly<Record<ModelName, Schema>> = {
  GitStatus: model('GitStatus', REPO_PATH, ['repo_path']),
  GitDiffUnstaged: model('GitDiffUnstaged', { ...REPO_PATH, ...CONTEXT_LINES }, ['repo_path']),
  GitDiffStaged: model('GitDiffStaged', { ...REPO_PATH, ...CONTEXT_LINES }, ['repo_path']),
  GitDiff: model('GitDiff', { ...REPO_PATH, target: { title: 'Target', type: 'string' }, ...CONTEXT_LINES }, [
    'repo_path',
    'target',
  ]),
  GitCommit: model('GitCommit', { ...REPO_PATH, message: { title: 'Message', type: 'string' } }, ['repo_path', 'message']),
  GitAdd: model('GitAdd', { ...REPO_PATH, files: { items: { type: 'string' }, title: 'Files', type: 'array' } }, [
    'repo_path',
    'files',
  ]),
  GitReset: model('GitReset', REPO_PATH, ['repo_path']),
  GitLog: model(
    'GitLog',
    {
      ...REPO_PATH,
      max_count: { default: 10, title: 'Max Count', type: 'integer' },
      start_timestamp: optionalString('Start Timestamp', `Start timestamp for filtering commits. ${TIMESTAMP_HELP}`),
      end_timestamp: optionalString('End Timestamp', `End timestamp for filtering commits. ${TIMESTAMP_HELP}`),
    },
    ['repo_path'],
  ),
  GitCreateBranch: model(
    'GitCreateBranch',
    { ...REPO_PATH, branch_name: { title: 'Branch Name', type: 'string' }, base_branch: optionalString('Base Branch') },
    ['repo_path', 'branch_name'],
  ),
  GitCheckout: model('GitCheckout', { ...REPO_PATH, branch_name: { title: 'Branch Name', type: 'string' } }, [
    'repo_path',
    'branch_name',
  ]),
  GitShow: model('GitShow', { ...REPO_PATH, revision: { title: 'Revision', type: 'string' } }, ['repo_path', 'revision']),
  GitBranch: model(
    'GitBranch',
    {
      repo_path: { description: 'The path to the Git repository.', title: 'Repo Path', type: 'string' },
      branch_type: {
        description: "Whether to list local branches ('local'), remote branches ('remote') or all branches('all').",
        title: 'Branch Type',
        type: 'string',
      },
      contains: optionalString(
        'Contains',
        'The commit sha that branch should contain. Do not pass anything to this param if no commit sha is specified',
      ),
      not_contains: optionalString(
        'Not Contains',
        'The commit sha that branch should NOT contain. Do not pass anything to this param if no commit sha is specified',
      ),
    },
    ['repo_path', 'branch_type'],
  ),
};
