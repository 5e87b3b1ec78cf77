import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRICING_TEXTS } from '../texts';

/** The FAQ of /pricing (spec §2 "Plans and FAQ", §9): credits, what Free includes, cancelling, payment. */
export function PricingFaq() {
  return (
    <Box component="section" aria-labelledby="pricing-faq-title" sx={{ maxWidth: 820, mx: 'auto' }}>
      <Typography id="pricing-faq-title" variant="h2" sx={{ mb: 2, textAlign: 'center' }}>
        {PRICING_TEXTS.faqTitle}
      </Typography>
      {PRICING_TEXTS.faq.map((item, index) => (
        <Accordion key={item.question} disableGutters defaultExpanded={index === 0}>
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`faq-${index}-content`} id={`faq-${index}-header`}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}-content`}>
            <Typography variant="body2" color="text.secondary">
              {item.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
