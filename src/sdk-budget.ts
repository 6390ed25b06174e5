// The time budget of an AWS SDK client a Lambda builds (the table, Secrets Manager), set in one place. The
// locked @smithy/node-http-handler only logs a warning when requestTimeout passes unless it is told to
// throw, and a socket that never answers would otherwise keep a call open until the Lambda dies.

export interface SdkBudget {
  /** Time to open the TCP (and TLS) connection. */
  connectTimeoutMs: number;
  /** Time for one attempt from sending to the last byte of the answer, connection included. */
  requestTimeoutMs: number;
  /** Attempts per call, the first included; a timed-out attempt is retried like a throttled one. */
  maxAttempts: number;
}

/** The part of an SDK client's configuration that holds every call to `budget`. */
export interface SdkBudgetConfig {
  maxAttempts: number;
  requestHandler: {
    connectionTimeout: number;
    requestTimeout: number;
    throwOnRequestTimeout: true;
    socketTimeout: number;
  };
}

export function sdkBudgetConfig(budget: SdkBudget): SdkBudgetConfig {
  return {
    maxAttempts: budget.maxAttempts,
    requestHandler: {
      connectionTimeout: budget.connectTimeoutMs,
      requestTimeout: budget.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: budget.requestTimeoutMs,
    },
  };
}
