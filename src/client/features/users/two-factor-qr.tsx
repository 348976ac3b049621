import { useEffect, useState } from 'react';

/**
 * The QR code of an authenticator's `otpauth://` address, drawn as SVG in the browser. The
 * encoder is loaded only when a secret is shown, so no other screen carries its bytes.
 */
export function TwoFactorQr({ otpauthUrl, label }: { otpauthUrl: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then(({ default: qrcode }) =>
        qrcode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((markup) => {
        if (isCurrent) setSvg(markup);
      });
    return () => {
      isCurrent = false;
    };
  }, [otpauthUrl]);
  // The same square before and after it is drawn, so nothing below it moves.
  const box = 'size-48 shrink-0 rounded-md bg-white';
  if (!svg) return <div className={box} />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={192}
      height={192}
      className={box}
    />
  );
}
