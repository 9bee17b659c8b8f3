import { Download, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCwrExports, useDownloadCwrExport } from "@/features/royalties/api/cwr";
import { formatDateTime } from "@/lib/format";

/** The CWR files made, newest first, each to download again exactly as it was sent. */
export function CwrFiles() {
  const files = useCwrExports();
  const download = useDownloadCwrExport();
  const rows = files.data ?? [];
  return (
    <ListState
      read={files}
      loading="Loading the CWR files"
      failed="The CWR files could not be loaded."
      isEmpty={rows.length === 0}
      empty={
        <EmptyState
          icon={FileText}
          title="No CWR files made yet"
          description="Choose works above and export them; each file made is kept here as it was sent."
        />
      }
    >
      <Table aria-label="CWR files made, newest first">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">File</TableHead>
            <TableHead scope="col" className="text-right">
              Number
            </TableHead>
            <TableHead scope="col">Version</TableHead>
            <TableHead scope="col" className="text-right">
              Works
            </TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              Made
            </TableHead>
            <TableHead scope="col" className="text-right">
              <span className="sr-only">Download</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((file) => (
            <TableRow key={file.id}>
              <TableCell className="font-mono text-sm break-all">{file.file_name}</TableCell>
              <TableCell className="text-right tabular-nums whitespace-nowrap">
                {file.number_in_year} of {file.year}
              </TableCell>
              <TableCell>{file.version}</TableCell>
              <TableCell className="text-right tabular-nums">{file.work_count}</TableCell>
              <TableCell className="hidden md:table-cell whitespace-nowrap">
                {formatDateTime(file.created_at)}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={download.isPending}
                  aria-label={`Download ${file.file_name}`}
                  onClick={() => download.mutate({ id: file.id, fileName: file.file_name })}
                >
                  <Download aria-hidden="true" />
                  Download
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListState>
  );
}
