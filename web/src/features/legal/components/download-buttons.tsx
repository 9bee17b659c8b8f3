import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { downloadLegalFile } from "@/features/legal/api/legal-files";
import type { LegalDocument } from "@/features/legal/api/legal-types";
import { getDocumentActions, pdfUrlOf } from "@/features/legal/utils/document-actions";

type DownloadButtonsProps = {
  document: Pick<
    LegalDocument,
    "title" | "status" | "rendered_pdf_url" | "rendered_docx_url" | "signed_pdf_url"
  >;
  size?: "sm" | "default";
};

/** Download PDF and Download DOCX, each only when that file has been rendered. */
export function DownloadButtons({ document, size = "sm" }: DownloadButtonsProps) {
  const actions = getDocumentActions(document);
  const download = useMutation({
    mutationFn: ({ url, name }: { url: string; name: string }) => downloadLegalFile(url, name),
    meta: { errorMessage: "Could not download the file" },
  });
  const pdfUrl = pdfUrlOf(document);
  const busy = (url: string | null) => download.isPending && download.variables?.url === url;
  return (
    <>
      {actions.canDownloadPdf && pdfUrl ? (
        <Button
          variant="ghost"
          size={size}
          disabled={download.isPending}
          onClick={() => download.mutate({ url: pdfUrl, name: `${document.title}.pdf` })}
        >
          {busy(pdfUrl) ? <Spinner /> : <Download aria-hidden="true" />}
          Download PDF
        </Button>
      ) : null}
      {actions.canDownloadDocx && document.rendered_docx_url ? (
        <Button
          variant="ghost"
          size={size}
          disabled={download.isPending}
          onClick={() =>
            download.mutate({ url: document.rendered_docx_url as string, name: `${document.title}.docx` })
          }
        >
          {busy(document.rendered_docx_url) ? <Spinner /> : <Download aria-hidden="true" />}
          Download DOCX
        </Button>
      ) : null}
    </>
  );
}
