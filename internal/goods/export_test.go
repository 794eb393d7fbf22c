package goods

// PeakDecoding is the most decoding memory pictures held at once since the
// last ResetPeakDecoding (their costs from the headers).
func PeakDecoding() int64 { return peakInFlight.Load() }

// ResetPeakDecoding starts a new measure of PeakDecoding.
func ResetPeakDecoding() { peakInFlight.Store(inFlight.Load()) }
