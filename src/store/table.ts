// The one place the store talks to DynamoDB: a consistent read, an update (the only way anything is
// changed in place), a conditional put, a conditional delete (a user's or a gateway's data forgotten), and
// the clock every item family reads its time from. A failure
// other than a refused condition becomes a StoreError, so callers and users see one kind of table error.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { StoreError } from './errors';

export type Item = Record<string, unknown>;
export type Key = { pk: string };

/** One update of one item; a nested path (`#tvs.#key`) needs its map to exist first (ensureMaps). */
export interface Update {
  key: Key;
  expression: string;
  condition?: string;
  names: Record<string, string>;
  values?: Record<string, unknown>;
  /** The item's attributes before or after, when the caller reads them. */
  returnValues?: 'ALL_NEW' | 'ALL_OLD';
}

/** What every item family works with: the table, and the time (ms since the epoch) it writes and checks. */
export interface StoreContext {
  table: Table;
  now: () => number;
}

/** A command's condition and the names and values its expressions use. */
function conditionOf(c: Pick<Update, 'condition' | 'names' | 'values'> | undefined): {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  return {
    ConditionExpression: c?.condition,
    ExpressionAttributeNames: c?.names,
    // DynamoDB refuses an empty map here.
    ExpressionAttributeValues: c?.values && Object.keys(c.values).length > 0 ? c.values : undefined,
  };
}

export const epochSeconds = (now: () => number): number => Math.floor(now() / 1000);

export class Table {
  private readonly docs: DynamoDBDocumentClient;

  constructor(
    readonly name: string,
    client: DynamoDBClient,
  ) {
    this.docs = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
      // Numbers come back as plain numbers even when out of safe range, instead of throwing on read.
      unmarshallOptions: { wrapNumbers: (value: string) => Number(value) },
    });
  }

  async read(key: Key): Promise<Item | undefined> {
    const { Item } = await this.guard('read a record', () =>
      this.docs.send(new GetCommand({ TableName: this.name, Key: key, ConsistentRead: true })),
    );
    return Item;
  }

  /** The attributes asked for by `returnValues`; a refused condition is thrown as is, for the caller to read. */
  async update(doing: string, u: Update): Promise<Item | undefined> {
    const { Attributes } = await this.guard(doing, () =>
      this.docs.send(
        new UpdateCommand({
          TableName: this.name,
          Key: u.key,
          UpdateExpression: u.expression,
          ...conditionOf(u),
          ReturnValues: u.returnValues,
        }),
      ),
    );
    return Attributes;
  }

  /** A conditional update: false (nothing written) when its condition is refused. */
  async updateIf(doing: string, u: Update): Promise<boolean> {
    return refusedAsFalse(this.update(doing, u));
  }

  /** A conditional write: false (nothing written) when its condition is refused. */
  private writeIf(doing: string, write: () => Promise<unknown>): Promise<boolean> {
    return refusedAsFalse(this.guard(doing, write));
  }

  /** A whole new item, written only where the condition holds: false when it is refused. */
  async putIf(doing: string, item: Item, condition: Pick<Update, 'condition' | 'names' | 'values'>): Promise<boolean> {
    return this.writeIf(doing, () =>
      this.docs.send(new PutCommand({ TableName: this.name, Item: item, ...conditionOf(condition) })),
    );
  }

  /** The item deleted only where the condition holds (an absent item is no refusal without one): false when it is refused. */
  async deleteIf(
    doing: string,
    key: Key,
    condition?: Pick<Update, 'condition' | 'names' | 'values'>,
  ): Promise<boolean> {
    return this.writeIf(doing, () =>
      this.docs.send(new DeleteCommand({ TableName: this.name, Key: key, ...conditionOf(condition) })),
    );
  }

  /**
   * Creates the item (with its id attribute) and these map attributes where missing, leaving existing ones
   * as they are: a nested path can only be written once its map exists, and the two cannot be one update.
   */
  async ensureMaps(key: Key, [idName, idValue]: [string, string], attributes: readonly string[]): Promise<void> {
    const names: Record<string, string> = { '#id': idName };
    const sets = attributes.map((attribute, i) => {
      names[`#m${i}`] = attribute;
      return `#m${i} = if_not_exists(#m${i}, :empty)`;
    });
    await this.update('prepare the user record', {
      key,
      expression: `SET #id = :id, ${sets.join(', ')}`,
      names,
      values: { ':id': idValue, ':empty': {} },
    });
  }

  private async guard<T>(doing: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (conditionFailed(err)) throw err;
      throw new StoreError(doing, err);
    }
  }
}

/** By name, not instanceof: a second copy of the SDK in a bundle would defeat instanceof. */
export function conditionFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

async function refusedAsFalse(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}
