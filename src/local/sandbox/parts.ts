// What a running sandbox is made of, for the modules that start it and those that talk to it: the demo
// user, the parts once started, and the little that changes as lines are heard.
import type { SmartHomeHandler } from '../../smarthome/app';
import type { DynamoUserStore, RegisteredTv } from '../../store';
import type { SetupDeps, SetupResult } from '../../setup/types';
import type { ModelLocale } from '../../../models/locales';
import type { AlexaStandIn } from '../alexa';
import type { DeviceAddressStandIn } from '../device-address';
import type { Emulator } from '../emulator';
import type { GoogleDoor, Platform } from '../google/sandbox-door';
import type { CustomSkillStandIn } from './custom-skill';
import type { LanguageProfile } from './language-profiles';

export const SANDBOX_USER_ID = 'amzn1.ask.account.SANDBOX-DEMO-USER';

/** A line for the person at the console. */
export type Say = (line: string) => void;

/** Stops one started part; the sandbox runs them last first when it closes. */
export type Closer = () => Promise<void>;

/** Setup of one TV by the real setup function, its steps as lines to `out`. */
export type SetUp = (tvName: string | undefined, out: Say) => Promise<SetupResult>;

export interface SandboxParts {
  locale: ModelLocale;
  language: LanguageProfile;
  /** The device-cloud token both doors were linked with. */
  token: string;
  store: DynamoUserStore;
  /** The embedded device cloud, when no real one is set. */
  emulator: Emulator | undefined;
  /** Saves the emulator's state beside the table; does nothing when nothing is kept. */
  persist(): Promise<void>;
  /** Amazon's side of Alexa: Login with Amazon, the event gateway and the Alexa app's device list. */
  alexaSide: AlexaStandIn;
  smartHome: SmartHomeHandler;
  /** The custom skill as Alexa runs it on the sandbox's Echo. */
  alexa: CustomSkillStandIn;
  google: GoogleDoor;
  /** The Device Address API, which also hears the skill's progressive responses. */
  addresses: DeviceAddressStandIn;
  setupDeps: SetupDeps;
  setUp: SetUp;
  /** The Alexa events that reached the gateway since last asked, a line each. */
  newEvents(): string[];
}

/** What changes as the sandbox runs, read by the conversation and the console commands alike. */
export interface SandboxState {
  /** Every TV the user has, read again whenever setup may have changed them. */
  tvs: RegisteredTv[];
  /** Who hears lines without a wake word. */
  platform: Platform;
  /** The presses the last line sent to a TV that is off, by TV, for its state line. */
  ignored: Map<string, number>;
}
