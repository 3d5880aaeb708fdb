"""How far the judge can be trusted: human label files, calibration (PPI) and reliability."""
