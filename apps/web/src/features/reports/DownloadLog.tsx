/** Download Logs: who downloaded which report or feed file, with which filters, rows and size; download a kept file again. */
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../ui/report/api';
import { ReportView } from '../../ui/report/ReportView';

export default function DownloadLogScreen() {
  return (
    <ReportView
      name="download-log"
      description="Every report export and feed file handed to someone. A file is kept for a while after it was made and can be downloaded again until then."
      cells={{
        file_status: (row) =>
          row.file_available ? (
            <Anchor
              component="button"
              size="sm"
              onClick={() =>
                void downloadFile(`download-log/${row.id}/file`, String(row.title)).catch((e) =>
                  notifications.show({ color: 'red', title: 'Could not download', message: errorMessage(e) }),
                )
              }
            >
              Download again
              <span className="qm-sr-only"> {String(row.title)} of {String(row.at)}</span>
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              Expired
            </Text>
          ),
      }}
    />
  );
}
