/**
 * The mcpkit Inspector: `startInspector` serves the web UI that connects to
 * MCP servers and shows every message on the wire; `replayHeadless` replays
 * a recorded session for CI. The `mcpkit inspect` and `mcpkit replay`
 * commands are their command-line faces.
 *
 * @module
 */
export { startInspector, type InspectorOptions, type RunningInspector } from './server/start.js';
export { replayHeadless, ReplayConnectError, type HeadlessReplayOptions } from './replay/headless.js';
export { parseRecording, RECORDING_FORMAT, type Recording, type Step } from './shared/recording.js';
export { parseConnectSpec, type ConnectSpec } from './shared/connectSpec.js';
export { describeTarget, shellWord } from './shared/targetText.js';
export { maskRecording } from './shared/secrets.js';
export { diffJson, formatDifference, type Difference } from './shared/diff.js';
export type { ReplayReport, StepReport } from './shared/channel.js';
export { AppPage, type AppSession } from './server/appPage.js';
export { recordingToOtlp } from './shared/recordingOtlp.js';
