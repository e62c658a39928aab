import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort, untilAccepting } from './redis-server.js';

/**
 * Debian's Dovecot (`apt-get install -y dovecot-imapd`; `npm test` installs it like Caddy,
 * scripts/lib/dovecot.mjs): the IMAP tests of tickets by e-mail (decision 168) start their own on a
 * free port with a temporary configuration (Dovecot 2.3 syntax, bookworm), users in a passwd-file,
 * mail in a temporary Maildir. Test mail is delivered into it with IMAP APPEND.
 */
export const DOVECOT_BIN = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

/** One private Dovecot; {@link stop} kills it and removes its folder. */
export class TestDovecot {
  private child: ChildProcess | null = null;
  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly user: string,
    readonly password: string,
  ) {}

  /** Writes the configuration, starts `dovecot -F -c …` and waits until IMAP accepts connections. */
  static async start(): Promise<TestDovecot> {
    if (!existsSync(DOVECOT_BIN))
      throw new Error(`${DOVECOT_BIN} missing: apt-get install -y dovecot-imapd (npm test installs it)`);
    const dir = mkdtempSync(path.join(tmpdir(), 'dovecot-'));
    const port = await freePort();
    const user = 'soporte';
    const password = 'clave-de-prueba';
    // Mail processes never run as root: as root, they run as the package's `dovecot` user.
    const me = userInfo();
    const mailUser = me.uid === 0 ? 'dovecot' : me.username;
    // The auth and mail processes (dovecot user when run as root) read the users file and the Maildir.
    chmodSync(dir, 0o755);
    for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub), { recursive: true });
    writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}::::::\n`);
    if (me.uid === 0) {
      const uid = Number(/^dovecot:x:(\d+):(\d+)/m.exec(readFileSync('/etc/passwd', 'utf8'))?.[1] ?? 0);
      const gid = Number(/^dovecot:x:(\d+):(\d+)/m.exec(readFileSync('/etc/passwd', 'utf8'))?.[2] ?? 0);
      chownSync(path.join(dir, 'mail'), uid, gid);
    }
    const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${me.uid === 0 ? 'dovenull' : me.username}
default_internal_user = ${mailUser}
default_internal_group = ${me.uid === 0 ? 'dovecot' : me.username}
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users
}
userdb {
  driver = passwd-file
  args = ${dir}/users
  default_fields = uid=${mailUser} gid=${me.uid === 0 ? 'dovecot' : me.username} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`;
    writeFileSync(path.join(dir, 'dovecot.conf'), config);
    const server = new TestDovecot(dir, port, user, password);
    server.child = spawn(DOVECOT_BIN, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    try {
      await untilAccepting(port, 15_000);
    } catch {
      await server.stop();
      throw new Error(`dovecot did not start: ${stderr}`);
    }
    return server;
  }

  /** `imap://soporte:…@127.0.0.1:port` (plain IMAP on loopback, as INBOUND_IMAP_URL takes it). */
  get url(): string {
    return `imap://${this.user}:${this.password}@127.0.0.1:${this.port}`;
  }

  /** Delivers a raw message into `folder` with IMAP APPEND (unseen). */
  async append(raw: string | Buffer, folder = 'INBOX'): Promise<void> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
    await client.connect();
    try {
      await client.append(folder, raw, []);
    } finally {
      await client.logout();
    }
  }

  /** Flags of every message in `folder` (to check what the poller marked \Seen). */
  async flags(folder = 'INBOX'): Promise<string[][]> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
    await client.connect();
    const out: string[][] = [];
    try {
      const lock = await client.getMailboxLock(folder);
      try {
        for await (const m of client.fetch('1:*', { flags: true })) out.push([...(m.flags ?? [])]);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
    return out;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (!process.env.KEEP_DOVECOT) rmSync(this.dir, { recursive: true, force: true });
  }
}
