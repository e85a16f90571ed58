// The browser suite needs Debian's Chromium; it is never skipped silently.
import fs from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  console.error(`\nBrowser tests need Chromium at ${path}, and it is not there.\n` +
    'Install it with:  sudo apt-get install -y chromium\n' +
    'or point CHROMIUM_PATH at a Chromium/Chrome binary. (No browser is downloaded by the test tools.)\n');
  process.exit(1);
}
