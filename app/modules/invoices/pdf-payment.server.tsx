import { Path, Svg, View } from "@react-pdf/renderer";
import { styles } from "./pdf-styles.server";
import { Text } from "./pdf-text.server";
import type { PrintPayment } from "./print";

/*
 * The payment QR code on a document's PDF (decision 068): the EPC code, 3 cm square, with the
 * words beside it, after the facts. The page split (pdf.server.tsx) counts its height.
 */

export function PaymentBlock({ payment }: { payment: PrintPayment }) {
  return (
    <View style={styles.payment} wrap={false}>
      {/* The quiet zone of 4 modules on each side is part of the drawing. */}
      <Svg style={styles.paymentCode} viewBox={`-4 -4 ${payment.size + 8} ${payment.size + 8}`}>
        <Path d={payment.path} fill="#000000" />
      </Svg>
      <View style={styles.paymentText}>
        <Text style={styles.paymentTitle}>{payment.title}</Text>
        {payment.lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </View>
    </View>
  );
}

/**
 * The block's height: its top margin and the taller of the code and its words, the words' lines
 * counted by the page split's own `linesOf` at the width beside the code.
 */
export function paymentHeight(
  payment: PrintPayment,
  contentWidth: number,
  lineHeight: number,
  linesOf: (text: string, width: number, bold: boolean) => number,
): number {
  const width = contentWidth - styles.paymentCode.width - styles.payment.gap;
  const words =
    linesOf(payment.title, width, true) * lineHeight +
    payment.lines.reduce((sum, line) => sum + linesOf(line, width, false) * lineHeight, 0);
  return styles.payment.marginTop + Math.max(styles.paymentCode.height, words);
}
