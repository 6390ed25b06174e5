// Jest setup file: the same SDK notices the sandbox silences, kept out of test output.
import '../../src/local/sandbox/quiet-sdk-notices';
